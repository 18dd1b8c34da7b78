import type { DisconnectionNoticesResult } from '@meterline/contract/overdue';
import type { Clock } from '../../lib/clock';
import { findSettings } from '../config/index';
import type { createNotificationService } from '../notifications/index';
import { invalidPk } from '../../scope/references';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import { findNoticeRecipients, findOverdueFactsOf } from './overdue.repository';

type Notifications = Pick<ReturnType<typeof createNotificationService>, 'queueDisconnections' | 'sendQueued'>;

/**
 * Disconnection notices (docs/notifications.md, "Disconnection notices"): to each named customer overdue at
 * least the tenant's `disconnection_after_days`, a `disconnection` message queued through the notifications
 * module (once per customer and overdue episode, its refused channels never used), then the tenant's queued
 * messages sent. Every id must be a customer of this service (400 on `customers`, before anything is queued).
 */
export function createDisconnectionNotices(deps: { clock: Clock; notifications: Notifications }) {
  return {
    async send(context: ServiceContext, customerIds: number[]): Promise<DisconnectionNoticesResult> {
      const { db, scope, terms } = context;
      const ids = [...new Set(customerIds)];
      const recipients = await findNoticeRecipients(db, scope, ids);
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
      if (queued) await deps.notifications.sendQueued({ db, tenantId: scope.tenantId });
      return { queued, skipped: ids.length - queued };
    },
  };
}

export type DisconnectionNotices = ReturnType<typeof createDisconnectionNotices>;
