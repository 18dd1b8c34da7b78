import { z } from 'zod';
import { calendarDateSchema, decimalInputSchema, idInputSchema, textInput } from './billing-common';
import { idParamSchema, idSchema, timestampSchema } from './common';
import { moneySchema } from './money';
import { currencyAmountInputSchema, currencyAmountSchema, paymentSchema } from './payments';
import { RECEIPT_SIZES } from './receipt-sizes';

export { type ReceiptSize } from './receipt-sizes';

/**
 * Collectors' cash (docs/collectors.md): what each collector holds, the payments behind it, the count at
 * the end of the day (a handover), receipts and the collector performance view.
 */

/** `GET /services/{sid}/cash/`: one row per collector (a collector sees their own). */
export const cashRowSchema = z
  .object({
    collector: idSchema,
    collector_name: z.string(),
    collected: moneySchema,
    handed_over: moneySchema,
    held: moneySchema,
    /** The cash held per currency (notes handed over minus change given back): the tenant's currencies first. */
    held_cash: z.array(currencyAmountSchema),
    /** When the oldest payment still held was taken; null when nothing is held. */
    oldest_held_at: timestampSchema.nullable(),
    /** Shortages counted today (a positive amount, tenant's day), in the billing currency. */
    shortage_today: moneySchema,
    /** Shortages counted today per currency (positive amounts). */
    shortage_today_cash: z.array(currencyAmountSchema),
  })
  .meta({ id: 'CashRow' });
export type CashRow = z.infer<typeof cashRowSchema>;

export const CASH_STATES = ['held', 'handed_over'] as const;

/** `?collector=ID&state=held` lists the payments behind a row. */
export const cashQuerySchema = z.object({
  collector: idParamSchema.optional(),
  state: z.enum(CASH_STATES, { message: 'Choose a valid state.' }).optional(),
});
export type CashQuery = z.infer<typeof cashQuerySchema>;

/** A payment taken by a collector, with where its cash is now. */
export const cashPaymentSchema = paymentSchema
  .extend({
    held_by: idSchema,
    /** The handover that took it to the office, or null while the collector holds it. */
    handover: idSchema.nullable(),
    receipt_number: z.number().int().nullable(),
    /** The cash this payment left in the collector's hand, per currency (parts minus change). */
    cash: z.array(currencyAmountSchema),
  })
  .meta({ id: 'CashPayment' });
export type CashPayment = z.infer<typeof cashPaymentSchema>;

export const cashListSchema = z.union([z.array(cashRowSchema), z.array(cashPaymentSchema)]);

export const HANDOVER_KINDS = ['exact', 'shortage', 'surplus'] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];

/** The kind of a count: counted minus expected. */
export function handoverKindOf(difference: bigint): HandoverKind {
  if (difference === 0n) return 'exact';
  return difference < 0n ? 'shortage' : 'surplus';
}

/**
 * `POST /services/{sid}/cash/handovers/`: the payments counted and the cash actually counted, per
 * currency (`counted`); `counted_amount` alone is the older body, the count in the billing currency.
 */
export const createHandoverInputSchema = z.object({
  collector: idInputSchema,
  payments: z.array(idInputSchema).min(1).max(2000),
  counted: z
    .array(currencyAmountInputSchema)
    .min(1, { message: 'This list may not be empty.' })
    .max(2, { message: 'Ensure this field has no more than 2 elements.' })
    .optional(),
  counted_amount: decimalInputSchema.optional(),
  /** Required when the counted amount differs from the payments' total. */
  reason: textInput(500).optional().default(''),
});
export type CreateHandoverInput = z.input<typeof createHandoverInputSchema>;

export const handoverDifferenceSchema = z
  .object({
    currency: z.string(),
    /** counted - expected in that currency: negative for a shortage. */
    amount: moneySchema,
    kind: z.enum(HANDOVER_KINDS),
    /** The `handover` transaction of that currency's counted cash; null when none was counted. */
    transaction: idSchema.nullable(),
  })
  .meta({ id: 'CashHandoverDifference' });

export const handoverSchema = z
  .object({
    id: idSchema,
    collector: idSchema,
    collector_name: z.string(),
    /** The billing currency's figures (the older answer); per currency in `expected`, `counted`, `differences`. */
    expected_amount: moneySchema,
    counted_amount: moneySchema,
    /** counted - expected: negative for a shortage. */
    difference: moneySchema,
    kind: z.enum(HANDOVER_KINDS),
    /** Per currency: what the payments held, what was counted, and counted - expected with its kind. */
    expected: z.array(currencyAmountSchema),
    counted: z.array(currencyAmountSchema),
    differences: z.array(handoverDifferenceSchema),
    reason: z.string(),
    payments: z.array(idSchema),
    /** The `handover` transaction written with the count (from the collector to the counter). */
    transaction: idSchema.nullable(),
    created_at: timestampSchema,
    created_by: idSchema,
    created_by_name: z.string().nullable(),
  })
  .meta({ id: 'CashHandover' });
export type Handover = z.infer<typeof handoverSchema>;
/** `GET /services/{sid}/cash/handovers/`: the counts, newest first. */
export const handoverListSchema = z.array(handoverSchema);

/** `GET /services/{sid}/cash/handovers/?date_from=&date_to=&collector=&kind=`. */
export const listHandoversQuerySchema = z.object({
  collector: idParamSchema.optional(),
  kind: z.enum(HANDOVER_KINDS, { message: 'Choose a valid kind.' }).optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type ListHandoversQuery = z.infer<typeof listHandoversQuerySchema>;

export const PERFORMANCE_PERIODS = ['day', 'month'] as const;

/** `GET /services/{sid}/cash/performance/?period=day|month&date_from=&date_to=&collector=`. */
export const performanceQuerySchema = z.object({
  period: z.enum(PERFORMANCE_PERIODS, { message: 'Choose a valid period.' }).optional().default('day'),
  collector: idParamSchema.optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type PerformanceQuery = z.infer<typeof performanceQuerySchema>;

export const performanceRowSchema = z
  .object({
    collector: idSchema,
    collector_name: z.string(),
    /** `YYYY-MM-DD` or `YYYY-MM`. */
    period: z.string(),
    meters_read: z.number().int(),
    invoices_collected: z.number().int(),
    amount_collected: moneySchema,
    /** Of the payments taken in the period, what the collector still holds now. */
    cash_held: moneySchema,
    /** The cash taken in the period per currency (notes minus change), and what of it is still held. */
    collected_cash: z.array(currencyAmountSchema),
    held_cash: z.array(currencyAmountSchema),
  })
  .meta({ id: 'CollectorPerformance' });
export type PerformanceRow = z.infer<typeof performanceRowSchema>;
/** `GET /services/{sid}/cash/performance/`: one row per collector and period. */
export const performanceListSchema = z.array(performanceRowSchema);

/** `GET /services/{sid}/payments/{id}/receipt/?size=58|80|a5&lang=en|ar&output=html`. */
export const receiptQuerySchema = z.object({
  size: z.enum(RECEIPT_SIZES, { message: 'Choose a valid size.' }).optional().default('80'),
  lang: z.enum(['en', 'ar']).optional(),
  output: z.enum(['pdf', 'html']).optional(),
});

/** `GET /services/{sid}/payments/{id}/verification/`: a receipt checked by the office (its QR opens the customer's public bill). */
export const paymentVerificationSchema = z
  .object({
    payment: paymentSchema,
    receipt_number: z.number().int().nullable(),
    customer_code: z.string(),
    /** The customer's public bill link, the one the receipt's QR opens ("Check my bill", docs/collectors.md). */
    public_url: z.string(),
    held_by: idSchema.nullable(),
    held_by_name: z.string().nullable(),
    handover: idSchema.nullable(),
    /** How much later reversals took back from this payment (positive). */
    reversed: moneySchema,
  })
  .meta({ id: 'PaymentVerification' });
export type PaymentVerification = z.infer<typeof paymentVerificationSchema>;
