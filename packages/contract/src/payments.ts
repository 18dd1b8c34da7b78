import { z } from 'zod';
import { calendarDateSchema, decimalInputSchema, happenedAtInputSchema, idInputSchema, textInput } from './billing-common';
import { idParamSchema, idSchema, timestampSchema } from './common';
import { moneySchema } from './money';
import { listQuerySchema, paginatedWithTotalsSchema } from './pagination';
import { PAYMENT_METHODS } from './list-specs';

export { paymentListSpec } from './list-specs';

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { message: 'Choose a valid payment method.' });

export const currencyAmountSchema = z.object({ currency: z.string(), amount: moneySchema }).meta({ id: 'CurrencyAmount' });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/** One part of a payment handed over in a currency: the billing one or the tenant's second one. */
export const currencyAmountInputSchema = z.object({
  currency: z.string().transform((value) => value.trim().toUpperCase()),
  amount: decimalInputSchema,
});

export const paymentSchema = z
  .object({
    id: idSchema,
    invoice: idSchema,
    invoice_number: z.string(),
    customer: idSchema,
    customer_name: z.string(),
    /** Negative for a reversal. */
    amount: moneySchema,
    method: z.string(),
    reference: z.string(),
    paid_at: timestampSchema,
    received_by: idSchema.nullable(),
    received_by_name: z.string().nullable(),
    note: z.string(),
    reason: z.string(),
    /** The reversed payment's id, for a reversal that names it. */
    reverses: idSchema.nullable(),
    /** What was handed over, per currency (a payment taken with `amounts`); null otherwise. */
    tendered: z.array(currencyAmountSchema).nullable(),
    /** The tendered amounts converted to the invoice's currency at its rate; null without `amounts`. */
    received: moneySchema.nullable(),
    /** Change given back when more was handed over than the balance: in both currencies, each cash-rounded. */
    change_due: z.array(currencyAmountSchema).nullable(),
    /** The invoice's rate the second currency was converted at; null when none was used. */
    exchange_rate: z.string().nullable(),
    /** The currency one unit of which `exchange_rate` quotes; null when no rate was used. */
    exchange_rate_base: z.string().nullable(),
    /** The customer's public bill link, the one the receipt's QR opens (the payment's and the payments list's answers). */
    public_url: z.string().optional(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

/**
 * Every field optional: no amount pays the whole balance ("mark as paid"); an amount records a
 * partial payment; a negative amount with a `reason` reverses (at most what was paid).
 */
export const createPaymentInputSchema = z.object({
  amount: decimalInputSchema.nullable().optional(),
  /**
   * Instead of `amount`: the money handed over in one or both currencies, converted at the
   * invoice's rate; more than the balance in cash is change (`change_due`), the payment is the balance.
   */
  amounts: z
    .array(currencyAmountInputSchema)
    .min(1, { message: 'This list may not be empty.' })
    .max(2, { message: 'Ensure this field has no more than 2 elements.' })
    .optional(),
  method: paymentMethodSchema.optional().default('cash'),
  reference: textInput(200).optional().default(''),
  note: textInput(1000).optional().default(''),
  reason: textInput(500).optional().default(''),
  reverses: idInputSchema.nullable().optional(),
  /** When the money was received (default now): not in the future, not before the invoice's issue day, within the backdating window. */
  paid_at: happenedAtInputSchema.optional(),
});
export type CreatePaymentInput = z.input<typeof createPaymentInputSchema>;

export const listPaymentsQuerySchema = listQuerySchema.extend({
  method: paymentMethodSchema.optional(),
  received_by: idParamSchema.optional(),
  invoice: idParamSchema.optional(),
  customer: idParamSchema.optional(),
  /** On paid_at, inclusive days in the tenant's timezone. */
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuerySchema>;
/** `?totals=true`: the sum of every filtered payment (reversals are negative, so they take back). */
export const paymentTotalsSchema = z.object({ amount: moneySchema }).meta({ id: 'PaymentTotals' });
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;
export const paginatedPaymentsSchema = paginatedWithTotalsSchema(paymentSchema, paymentTotalsSchema);
