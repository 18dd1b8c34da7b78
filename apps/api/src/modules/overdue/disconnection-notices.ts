import type { DisconnectionNoticesResult } from '@meterline/contract/overdue';
import type { Clock } from '../../lib/clock';
import { findSettings } from '../config/index';
import type { NotificationService, QueuedSender } from '../notifications/index';
import { invalidPk } from '../../scope/references';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import { findOverdueFactsOf } from './overdue.repository';

/**
 * Disconnection notices (docs/notifications.md, "Disconnection notices"): to each named customer overdue at
 * least the tenant's `disconnection_after_days`, a `disconnection` message queued through the notifications
 * module (once per customer and overdue episode, its refused channels never used); the queued sender sends them
 * after the answer. Every id must be a customer of this service (400 on `customers`, before anything is queued).
 */
export function createDisconnectionNotices(deps: {
  clock: Clock;
  notifications: Pick<NotificationService, 'queueDisconnections' | 'recipients'>;
  sender: Pick<QueuedSender, 'kick'>;
}) {
  return {
    async send(context: ServiceContext, customerIds: number[]): Promise<DisconnectionNoticesResult> {
      const { db, scope, terms } = context;
      const ids = [...new Set(customerIds)];
      const recipients = await deps.notifications.recipients(db, scope, ids);
      const missing = ids.find((id) => !recipients.some((row) => row.customerId === id));
      if (missing !== undefined) throw invalidPk('customers', missing);
      const minDays = (await findSettings(db, scope))?.disconnectionAfterDays ?? 60;
      const today = todayIn(terms.timezone, deps.clock.now());
      // One statement for every named customer, not one per customer.
      const overdueOf = await findOverdueFactsOf(db, scope, ids, today);
      const facts = recipients.flatMap((recipient) => {
        const overdue = overdueOf.get(recipient.customerId);
        return overdue && overdue.daysOverdue >= minDays ? [{ ...recipient, ...overdue }] : [];
      });
      const queued = await deps.notifications.queueDisconnections(context, facts);
      if (queued) deps.sender.kick(context);
      return { queued, skipped: ids.length - queued };
    },
  };
}

export type DisconnectionNotices = ReturnType<typeof createDisconnectionNotices>;
