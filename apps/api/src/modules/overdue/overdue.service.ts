import { serviceNameIn } from '@meterline/contract/service-names';
import { formatMoneyAmount } from '@meterline/contract/money';
import {
  MAX_DISCONNECTION_ROWS,
  REMINDER_COOLDOWN_MINUTES,
  type DisconnectionListQuery,
  type ListOverdueQuery,
  type OverdueCustomer,
  type OverdueTotals,
  type ReminderResult,
  type ReminderSkipReason,
  type SendRemindersResult,
} from '@meterline/contract/overdue';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { fieldError } from '../../lib/http-errors';
import type { ListSource } from '../../lib/list';
import type { ReminderChannel } from '../../lib/reminder-channel';
import { documentIssuerOf, type DocumentLocale } from '../invoices/index';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { findSettings } from '../config/index';
import type { NotificationService, QueuedSender, ReminderWriter } from '../notifications/index';
import { assertAddressFilters, assertStation, invalidPk } from '../../scope/references';
import { todayIn, type ServiceContext } from '../../scope/service-scope';
import { renderDisconnectionDocument } from './disconnection-document';
import {
  findLastReminderAt,
  findOverdueFacts,
  findServiceCustomers,
  insertReminder,
  listDisconnectionRows,
  listOverdueSource,
} from './overdue.repository';

/** Thrown inside a reminder's transaction when the channel refused it: nothing of it is recorded. */
class ChannelFailure extends Error {}

/** The reminder channel carries phone messages (SMS, WhatsApp): a customer who refused both is not written to by it. */
const PHONE_CHANNELS = ['sms', 'whatsapp'];

interface OverdueDeps {
  clock: Clock;
  channel: ReminderChannel;
  defaultDb: Db;
  notifications: Pick<NotificationService, 'reminderWriter' | 'recipients'>;
  sender: Pick<QueuedSender, 'kick'>;
}

/** One customer reminded (docs/accounts.md, "Reminders"), or skipped with its reason. */
async function remindOne(
  deps: OverdueDeps,
  context: ServiceContext,
  write: ReminderWriter,
  customerId: number,
  audit: AuditContext,
): Promise<ReminderResult> {
  const { clock, channel } = deps;
  const { db, scope, terms } = context;
  const skipped = (reason: ReminderSkipReason): ReminderResult => ({
    customer: customerId,
    status: 'skipped',
    reason,
    reminder: null,
    sent_at: null,
    language: null,
    message: null,
    channel: null,
  });
  try {
    return await db.transaction(async (tx) => {
      // The customer's row lock orders two reminders to one customer (a double click): the second sees the first.
      const [customer] = await deps.notifications.recipients(tx, scope, [customerId], { lock: true });
      if (!customer) return skipped('not_overdue');
      const now = clock.now();
      const facts = await findOverdueFacts(tx, scope, customerId, todayIn(terms.timezone, now));
      if (!facts) return skipped('not_overdue');
      const last = await findLastReminderAt(tx, scope, customerId);
      if (last && now.getTime() - last.getTime() < REMINDER_COOLDOWN_MINUTES * 60_000) return skipped('recently_reminded');
      // On the tenant's first usable channel (queued here, sent after the commit), else through the reminder channel.
      const written = await write(tx, { ...customer, ...facts }, now);
      if (!written.channel) {
        if (!written.to) return skipped('no_phone');
        if (PHONE_CHANNELS.every((name) => customer.optedOut.includes(name))) return skipped('opted_out');
      }
      const channelName = written.channel ?? channel.name;
      const { language, to, text: message } = written;
      const amount = formatMoneyAmount(facts.amount, terms.decimals);
      const row = await insertReminder(tx, {
        tenantId: scope.tenantId,
        serviceId: scope.serviceId,
        customerId,
        channel: channelName,
        language,
        recipient: to,
        message,
        overdueAmount: facts.amount,
        oldestDueOn: facts.oldestDueOn,
        sentAt: now,
        sentBy: audit.actorId,
      });
      await recordAudit(tx, audit, {
        action: 'send_reminder',
        entity: 'customer',
        entityId: customerId,
        after: { channel: channelName, language, recipient: to, overdue_amount: amount, oldest_due_on: facts.oldestDueOn, message },
      });
      // Sent last, inside the transaction: a refused message leaves no reminder recorded.
      if (!written.channel) {
        try {
          await channel.send({ tenantId: scope.tenantId, customerId, to, language, text: message });
        } catch (error) {
          throw new ChannelFailure(String(error));
        }
      }
      return {
        customer: customerId,
        status: 'sent',
        reason: null,
        reminder: row.id,
        sent_at: now.toISOString(),
        language,
        message,
        channel: channelName,
      } satisfies ReminderResult;
    });
  } catch (error) {
    if (error instanceof ChannelFailure) return skipped('channel_failed');
    throw error;
  }
}

/** Whom to chase: customers with overdue invoices, on the tenant's calendar; reminders; the disconnection list. */
export function createOverdueService(deps: OverdueDeps) {
  const { clock, channel } = deps;

  return {
    async listSource(context: ServiceContext, query: ListOverdueQuery): Promise<ListSource<OverdueCustomer, OverdueTotals>> {
      const today = todayIn(context.terms.timezone, clock.now());
      return listOverdueSource(context.db, context.scope, query, today, context.terms.decimals);
    },

    /**
     * One message per customer, in the customer's language with the tenant's reminder text for it, through the channel. Every id
     * must be a customer of this service (400 on `customers` otherwise, before anything is sent);
     * each customer is then sent or skipped with its reason.
     */
    async remind(context: ServiceContext, customerIds: number[], audit: AuditContext): Promise<SendRemindersResult> {
      const { db, scope } = context;
      const ids = [...new Set(customerIds)];
      const found = new Set((await findServiceCustomers(db, scope, ids)).map((row) => row.id));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw invalidPk('customers', missing);
      // The tenant's channels and texts read once for the call, each customer then in its own transaction.
      const write = await deps.notifications.reminderWriter(db, context);
      const results: ReminderResult[] = [];
      for (const id of ids) results.push(await remindOne(deps, context, write, id, audit));
      const sent = results.filter((result) => result.status === 'sent');
      if (sent.some((result) => result.channel !== channel.name)) deps.sender.kick(context);
      return { channel: channelOfCall(sent, channel.name), sent: sent.length, skipped: results.length - sent.length, results };
    },

    /** The printable disconnection list: overdue at least `min_days` (the tenant's setting by default). */
    async disconnectionList(
      context: ServiceContext,
      query: DisconnectionListQuery,
      reader: DocumentLocale,
    ): Promise<{ html: string; count: number }> {
      const { db, scope, terms } = context;
      if (query.station) await assertStation(db, scope, query.station);
      if (query.region) await assertAddressFilters(db, scope.tenantId, { region: query.region });
      const settings = await findSettings(db, scope);
      const minDays = query.min_days ?? settings?.disconnectionAfterDays ?? 60;
      const today = todayIn(terms.timezone, clock.now());
      const rows = await listDisconnectionRows(
        db,
        scope,
        { station: query.station, region: query.region, min_days: minDays },
        today,
        terms.decimals,
        MAX_DISCONNECTION_ROWS + 1,
      );
      if (rows.length > MAX_DISCONNECTION_ROWS) throw fieldError('min_days', ERROR_CODES.maxItems, { max: MAX_DISCONNECTION_ROWS });
      const issuer = await documentIssuerOf(context, deps.defaultDb);
      const html = renderDisconnectionDocument({
        rows,
        issuer,
        ...reader,
        minDays,
        today,
        serviceName: serviceNameIn({ name: context.service.name, name_ar: context.service.nameAr }, reader.language),
        currency: terms.currency,
        decimals: terms.decimals,
      });
      return { html, count: rows.length };
    },
  };
}

/** The call's channel: the one every sent reminder took (the reminder channel's when none was sent), else `mixed`. */
function channelOfCall(sent: ReminderResult[], fallback: string): string {
  const names = new Set(sent.map((result) => result.channel ?? fallback));
  return names.size > 1 ? 'mixed' : ([...names][0] ?? fallback);
}

export type OverdueService = ReturnType<typeof createOverdueService>;
