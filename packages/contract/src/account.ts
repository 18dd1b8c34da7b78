import { z } from 'zod';
import { calendarDateSchema, decimalInputSchema, happenedAtInputSchema, idInputSchema, textInput } from './billing-common';
import { idSchema, requiredText, timestampSchema } from './common';
import { ERROR_CODES } from './errors';
import { invoiceLineInputSchema } from './invoices';
import { moneySchema } from './money';
import { currencyAmountInputSchema, currencyAmountSchema, paymentMethodSchema } from './payments';

/**
 * The customer's account (docs/accounts.md): one payment spread over many invoices, the customer's
 * credit (refunds of it), and credit notes.
 */

export const accountAllocationInputSchema = z.object({
  invoice: idInputSchema,
  amount: decimalInputSchema,
});

/**
 * `POST .../customers/{id}/payments/`: without `allocations`, the oldest unpaid invoices first; the rest becomes credit.
 * `amount` (billing currency) or `amounts` (the money handed over in one or both of the tenant's currencies, converted
 * at the rate of the month it is received; in cash, what exceeds the open invoices is change, docs/accounts.md).
 */
export const createAccountPaymentInputSchema = z.object({
  amount: decimalInputSchema.optional(),
  amounts: z
    .array(currencyAmountInputSchema)
    .min(1, { message: 'This list may not be empty.' })
    .max(2, { message: 'Ensure this field has no more than 2 elements.' })
    .optional(),
  method: paymentMethodSchema.optional().default('cash'),
  paid_at: happenedAtInputSchema.optional(),
  reference: textInput(200).optional().default(''),
  note: textInput(1000).optional().default(''),
  allocations: z.array(accountAllocationInputSchema).max(500, { message: 'Ensure this field has no more than 500 elements.' }).optional(),
});
export type CreateAccountPaymentInput = z.input<typeof createAccountPaymentInputSchema>;

export const accountPaymentSchema = z
  .object({
    id: idSchema,
    customer: idSchema,
    amount: moneySchema,
    method: z.string(),
    reference: z.string(),
    paid_at: timestampSchema,
    received_by: idSchema.nullable(),
    /** What each invoice received (the payments rows written). */
    allocations: z.array(z.object({ invoice: idSchema, invoice_number: z.string(), payment: idSchema, amount: moneySchema })),
    /** What was left after the invoices: added to the customer's credit. */
    credit_added: moneySchema,
    /** The customer after the payment. */
    customer_balance: moneySchema,
    customer_credit: moneySchema,
    /** What was handed over, per currency (a payment taken with `amounts`); null otherwise. */
    tendered: z.array(currencyAmountSchema).nullable(),
    /** The tendered amounts converted to the billing currency at the month's rate; null without `amounts`. */
    received: moneySchema.nullable(),
    /** Change given back (cash over the open invoices): in both currencies, each cash-rounded; null without `amounts`. */
    change_due: z.array(currencyAmountSchema).nullable(),
    /** The rate the second currency was converted at (the month the money was received); null when none was used. */
    exchange_rate: z.string().nullable(),
    /** The currency one unit of which `exchange_rate` quotes; null when no rate was used. */
    exchange_rate_base: z.string().nullable(),
  })
  .meta({ id: 'AccountPayment' });
export type AccountPayment = z.infer<typeof accountPaymentSchema>;

/** `POST .../customers/{id}/credit/refund/` (admin): money handed back out of the credit. */
export const refundCreditInputSchema = z.object({
  amount: decimalInputSchema,
  reason: requiredText(500),
});
export type RefundCreditInput = z.input<typeof refundCreditInputSchema>;

export const creditRefundSchema = z
  .object({
    id: idSchema,
    customer: idSchema,
    amount: moneySchema,
    reason: z.string(),
    customer_balance: moneySchema,
    customer_credit: moneySchema,
  })
  .meta({ id: 'CreditRefund' });
export type CreditRefund = z.infer<typeof creditRefundSchema>;

/** `POST .../invoices/{id}/credit-notes/`: `lines` (taxed like the invoice's) or an `amount` (tax included), and a reason. */
export const createCreditNoteInputSchema = z
  .object({
    amount: decimalInputSchema.optional(),
    lines: z.array(invoiceLineInputSchema).min(1).max(100, { message: 'Ensure this field has no more than 100 elements.' }).optional(),
    reason: requiredText(500),
  })
  .superRefine((value, context) => {
    if ((value.amount === undefined) === (value.lines === undefined)) {
      context.addIssue({ code: 'custom', path: ['amount'], message: ERROR_CODES.creditNoteAmountOrLines });
    }
  });
export type CreateCreditNoteInput = z.input<typeof createCreditNoteInputSchema>;

export const creditNoteLineSchema = z.object({
  description: z.string(),
  quantity: z.string(),
  unit_price: z.string(),
  amount: moneySchema,
});

export const creditNoteSchema = z
  .object({
    id: idSchema,
    number: z.string(),
    invoice: idSchema,
    invoice_number: z.string(),
    customer: idSchema,
    customer_name: z.string(),
    issued_on: z.string(),
    currency: z.string(),
    subtotal: moneySchema,
    tax: moneySchema,
    total: moneySchema,
    /** The part that lowered the invoice's balance. */
    applied: moneySchema,
    /** The part that became the customer's credit (the invoice was paid already). */
    to_credit: moneySchema,
    lines: z.array(creditNoteLineSchema),
    reason: z.string(),
    created_by: idSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'CreditNote' });
export type CreditNote = z.infer<typeof creditNoteSchema>;
export const creditNoteListSchema = z.array(creditNoteSchema);

/** `GET .../customers/{id}/statement/`: the ledger's period, the document's language, `output=html` for the printable page. */
export const statementQuerySchema = z.object({
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
  lang: z.enum(['en', 'ar']).optional(),
  output: z.enum(['pdf', 'html']).optional().default('pdf'),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** `GET .../statements/?station=|region=`: every customer of a station or region (or of the service), one PDF. */
export const bulkStatementsQuerySchema = statementQuerySchema.extend({
  station: idInputSchema.optional(),
  region: idInputSchema.optional(),
});
export type BulkStatementsQuery = z.infer<typeof bulkStatementsQuerySchema>;

/** Most statements printed at once (one page or more each). */
export const MAX_BULK_STATEMENTS = 1000;
