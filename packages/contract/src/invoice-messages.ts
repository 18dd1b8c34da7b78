import { z } from 'zod';
import { idInputSchema } from './billing-common';
import { idSchema, timestampSchema } from './common';
import { fillTemplate, REMINDER_LANGUAGES, type ReminderLanguage } from './overdue';

/**
 * Sending a billing run's invoices to their customers (docs/billing.md, "Send all") through the reminders'
 * channel, in the tenant's reminder language. Each invoice is sent once: a second send of it is
 * skipped as `already_sent`.
 */

/** Most invoices sent in one call (a billing run's created invoices). */
export const MAX_INVOICES_SENT_PER_CALL = 2000;

/** Placeholders of an invoice message; an unknown `{word}` is left as written. */
type InvoiceMessageValues = Record<'name' | 'number' | 'period' | 'total' | 'due_date' | 'company', string>;

/** The built-in texts, one per reminder language. */
export const DEFAULT_INVOICE_MESSAGE_TEMPLATES: Record<ReminderLanguage, string> = {
  en: 'Dear {name}, your invoice {number} for {period} is {total}, due by {due_date}. {company}',
  ar: 'عزيزنا {name}، فاتورتكم {number} عن الفترة {period} بقيمة {total}، تستحق في {due_date}. {company}',
};

/** The message of one invoice: the template with its placeholders filled (the reminders' rule). */
export function renderInvoiceMessage(template: string, values: InvoiceMessageValues): string {
  return fillTemplate(template, values);
}

/** `POST /services/{sid}/invoices/send/`: the invoices to send (ids of this service, the billing run's `invoices`). */
export const sendInvoicesInputSchema = z.object({
  invoices: z.array(idInputSchema).min(1).max(MAX_INVOICES_SENT_PER_CALL),
});

/** Why an invoice was not sent. */
export const INVOICE_SEND_SKIP_REASONS = ['already_sent', 'cancelled', 'no_phone', 'channel_failed'] as const;
export type InvoiceSendSkipReason = (typeof INVOICE_SEND_SKIP_REASONS)[number];

export const invoiceSendResultSchema = z
  .object({
    invoice: idSchema,
    status: z.enum(['sent', 'skipped']),
    reason: z.enum(INVOICE_SEND_SKIP_REASONS).nullable(),
    sent_at: timestampSchema.nullable(),
    language: z.enum(REMINDER_LANGUAGES).nullable(),
    /** The text sent. */
    message: z.string().nullable(),
  })
  .meta({ id: 'InvoiceSendResult' });
export type InvoiceSendResult = z.infer<typeof invoiceSendResultSchema>;

export const sendInvoicesResultSchema = z
  .object({
    channel: z.string(),
    sent: z.number().int(),
    skipped: z.number().int(),
    results: z.array(invoiceSendResultSchema),
  })
  .meta({ id: 'SendInvoicesResult' });
export type SendInvoicesResult = z.infer<typeof sendInvoicesResultSchema>;
