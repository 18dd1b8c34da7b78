import { serviceNameIn } from '@meterline/contract/service-names';
import { countIn } from '@meterline/contract/display-format';
import { formatMoney, formatMoneyAmount } from '@meterline/contract/money';
import {
  MAX_DISCONNECTION_ROWS,
  REMINDER_COOLDOWN_MINUTES,
  renderReminder,
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
import { dateText, documentLocale } from '../../lib/document-format';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { findSettings } from '../config/index';
import { kindTexts, languageOf } from '../notifications/index';
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
  lockCustomer,
} from './overdue.repository';

/** Thrown inside a reminder's transaction when the channel refused it: nothing of it is recorded. */
class ChannelFailure extends Error {}

/** Whom to chase: customers with overdue invoices, on the tenant's calendar; reminders; the disconnection list. */
export function createOverdueService(deps: { clock: Clock; channel: ReminderChannel; defaultDb: Db }) {
  const { clock, channel } = deps;

  async function remindOne(
    context: ServiceContext,
    customerId: number,
    compose: { texts: Record<'en' | 'ar', string>; company: string },
    audit: AuditContext,
  ): Promise<ReminderResult> {
    const { db, scope, terms } = context;
    const skipped = (reason: ReminderSkipReason): ReminderResult => ({
      customer: customerId,
      status: 'skipped',
      reason,
      reminder: null,
      sent_at: null,
      language: null,
      message: null,
    });
    try {
      return await db.transaction(async (tx) => {
        // The customer's row lock orders two reminders to one customer (a double click): the second sees the first.
        const customer = await lockCustomer(tx, scope, customerId);
        if (!customer) return skipped('not_overdue');
        const now = clock.now();
        const facts = await findOverdueFacts(tx, scope, customerId, todayIn(terms.timezone, now));
        if (!facts) return skipped('not_overdue');
        const phone = customer.phone.trim();
        if (!phone) return skipped('no_phone');
        const last = await findLastReminderAt(tx, scope, customerId);
        if (last && now.getTime() - last.getTime() < REMINDER_COOLDOWN_MINUTES * 60_000) return skipped('recently_reminded');
        // In the customer's language (its own, else the tenant's), with the tenant's text in it.
        const language = languageOf(customer, terms);
        const amount = formatMoneyAmount(facts.amount, terms.decimals);
        const message = renderReminder(compose.texts[language], {
          name: customer.fullName,
          amount: formatMoney(amount, terms.currency, language),
          // A message to the customer: Arabic-Indic digits in Arabic (no reader's choice applies).
          due_date: dateText(facts.oldestDueOn, documentLocale(language)),
          days: countIn(facts.daysOverdue, documentLocale(language)),
          company: compose.company,
        });
        const row = await insertReminder(tx, {
          tenantId: scope.tenantId,
          serviceId: scope.serviceId,
          customerId,
          channel: channel.name,
          language,
          recipient: phone,
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
          after: { channel: channel.name, language, recipient: phone, overdue_amount: amount, oldest_due_on: facts.oldestDueOn, message },
        });
        // Sent last, inside the transaction: a refused message leaves no reminder recorded.
        try {
          await channel.send({ tenantId: scope.tenantId, customerId, to: phone, language, text: message });
        } catch (error) {
          throw new ChannelFailure(String(error));
        }
        return {
          customer: customerId,
          status: 'sent',
          reason: null,
          reminder: row.id,
          sent_at: now.toISOString(),
          language,
          message,
        } satisfies ReminderResult;
      });
    } catch (error) {
      if (error instanceof ChannelFailure) return skipped('channel_failed');
      throw error;
    }
  }

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
      const settings = await findSettings(db, scope);
      const compose = { texts: await kindTexts(db, scope.tenantId, 'reminder'), company: settings?.companyName ?? '' };
      const results: ReminderResult[] = [];
      for (const id of ids) results.push(await remindOne(context, id, compose, audit));
      const sent = results.filter((result) => result.status === 'sent').length;
      return { channel: channel.name, sent, skipped: results.length - sent, results };
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

export type OverdueService = ReturnType<typeof createOverdueService>;
