import {
  DEFAULT_INVOICE_MESSAGE_TEMPLATES,
  renderInvoiceMessage,
  type InvoiceSendResult,
  type InvoiceSendSkipReason,
  type SendInvoicesResult,
} from '@meterline/contract/invoice-messages';
import { formatMoney, formatMoneyAmount } from '@meterline/contract/money';
import type { ReminderLanguage } from '@meterline/contract/overdue';
import type { Clock } from '../../lib/clock';
import type { ReminderChannel } from '../../lib/reminder-channel';
import type { AuditContext } from '../../plugins/request-context';
import { recordAudit } from '../audit/index';
import { findSettings } from '../config/index';
import { invalidPk } from '../../scope/references';
import type { ServiceContext } from '../../scope/service-scope';
import { dateText, documentLocale, periodText } from '../../lib/document-format';
import { findServiceInvoiceIds, insertInvoiceMessage, isInvoiceSent, lockInvoiceForMessage } from './invoice-messages.repository';

/** Thrown inside an invoice message's transaction when the channel refused it: nothing of it is recorded. */
class ChannelFailure extends Error {}

/**
 * The billing run's "send all" (docs/billing.md): each invoice to its customer through the
 * reminders' channel, in each customer's language, at most once per invoice.
 */
export function createInvoiceMessageService(deps: { clock: Clock; channel: ReminderChannel }) {
  const { clock, channel } = deps;

  async function sendOne(
    context: ServiceContext,
    invoiceId: number,
    compose: { company: string },
    audit: AuditContext,
  ): Promise<InvoiceSendResult> {
    const { db, scope, terms } = context;
    const skipped = (reason: InvoiceSendSkipReason): InvoiceSendResult => ({
      invoice: invoiceId,
      status: 'skipped',
      reason,
      sent_at: null,
      language: null,
      message: null,
    });
    try {
      return await db.transaction(async (tx) => {
        // The invoice's row lock orders two sends of one invoice (a double click): the second sees the first's mark.
        const invoice = await lockInvoiceForMessage(tx, scope, invoiceId);
        if (!invoice) throw invalidPk('invoices', invoiceId);
        if (await isInvoiceSent(tx, scope, invoiceId)) return skipped('already_sent');
        if (invoice.status === 'cancelled') return skipped('cancelled');
        const phone = invoice.phone.trim();
        if (!phone) return skipped('no_phone');
        // The customer's language: its own, else the tenant's (docs/notifications.md, "Customers").
        const language: ReminderLanguage =
          invoice.language === 'ar' || invoice.language === 'en' ? invoice.language : terms.customerLanguage;
        const total = formatMoneyAmount(invoice.total, terms.decimals);
        const message = renderInvoiceMessage(DEFAULT_INVOICE_MESSAGE_TEMPLATES[language], {
          name: invoice.customerName,
          number: invoice.number,
          period: periodText(invoice.periodStart, invoice.periodEnd, documentLocale(language)),
          total: formatMoney(total, terms.currency, language),
          due_date: dateText(invoice.dueOn, documentLocale(language)),
          company: compose.company,
        });
        const now = clock.now();
        await insertInvoiceMessage(tx, {
          tenantId: scope.tenantId,
          serviceId: scope.serviceId,
          invoiceId,
          customerId: invoice.customerId,
          channel: channel.name,
          language,
          recipient: phone,
          message,
          sentAt: now,
          sentBy: audit.actorId,
        });
        await recordAudit(tx, audit, {
          action: 'send_invoice',
          entity: 'invoice',
          entityId: invoiceId,
          after: { channel: channel.name, language, recipient: phone, message },
        });
        // Sent last, inside the transaction: a refused message leaves no mark, so a later "send all" tries again.
        try {
          await channel.send({ tenantId: scope.tenantId, customerId: invoice.customerId, to: phone, language, text: message });
        } catch (error) {
          throw new ChannelFailure(String(error));
        }
        return {
          invoice: invoiceId,
          status: 'sent',
          reason: null,
          sent_at: now.toISOString(),
          language,
          message,
        } satisfies InvoiceSendResult;
      });
    } catch (error) {
      if (error instanceof ChannelFailure) return skipped('channel_failed');
      throw error;
    }
  }

  return {
    /**
     * One message per invoice. Every id must be an invoice of this service (400 on `invoices`
     * otherwise, before anything is sent); each is then sent or skipped with its reason.
     */
    async send(context: ServiceContext, invoiceIds: number[], audit: AuditContext): Promise<SendInvoicesResult> {
      const { db, scope } = context;
      const ids = [...new Set(invoiceIds)];
      const found = new Set(await findServiceInvoiceIds(db, scope, ids));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw invalidPk('invoices', missing);
      const settings = await findSettings(db, scope);
      const compose = { company: settings?.companyName ?? '' };
      const results: InvoiceSendResult[] = [];
      for (const id of ids) results.push(await sendOne(context, id, compose, audit));
      const sent = results.filter((result) => result.status === 'sent').length;
      return { channel: channel.name, sent, skipped: results.length - sent, results };
    },
  };
}

export type InvoiceMessageService = ReturnType<typeof createInvoiceMessageService>;
