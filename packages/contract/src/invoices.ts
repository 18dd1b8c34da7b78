import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { calendarDateSchema, decimalInputSchema, decimalSchema, idInputSchema, textInput } from './billing-common';
import { booleanQuerySchema, idParamSchema, idSchema, timestampSchema } from './common';
import { moneySchema } from './money';
import { listQuerySchema, paginatedWithTotalsSchema } from './pagination';
import { paymentSchema } from './payments';
import { readingSchema } from './subscriptions';
import { INVOICE_STATUS_FILTERS, INVOICE_STATUSES } from './list-specs';
import { monthSchema } from './tariffs';

export { INVOICE_STATUSES, invoiceListSpec, type InvoiceStatus } from './list-specs';

/** The tariff (null: the bundle's own unit price), month and tier that priced a consumption line. */
export const invoiceLinePricingSchema = z
  .object({
    tariff: idSchema.nullable(),
    tariff_name: z.string().nullable(),
    /** YYYY-MM */
    month: z.string(),
    /** 1-based tier of the tariff; null without tiers. */
    tier: z.number().int().nullable(),
  })
  .meta({ id: 'InvoiceLinePricing' });
export type InvoiceLinePricing = z.infer<typeof invoiceLinePricingSchema>;

export const invoiceLineSchema = z
  .object({
    id: idSchema,
    position: z.number().int(),
    description: z.string(),
    quantity: decimalSchema,
    unit_price: decimalSchema,
    /** quantity x unit_price rounded once to the currency, half-up. */
    amount: moneySchema,
    /** How a consumption line was priced (docs/billing.md, "Tariffs"); null for other lines. */
    pricing: invoiceLinePricingSchema.nullable(),
  })
  .meta({ id: 'InvoiceLine' });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z
  .object({
    id: idSchema,
    number: z.string(),
    service: idSchema,
    customer: idSchema,
    customer_name: z.string(),
    customer_code: z.string(),
    subscription: idSchema.nullable(),
    period_start: z.string(),
    period_end: z.string(),
    issued_on: z.string(),
    due_on: z.string(),
    currency: z.string(),
    subtotal: moneySchema,
    tax: moneySchema,
    total: moneySchema,
    amount_paid: moneySchema,
    balance_due: moneySchema,
    status: z.enum(INVOICE_STATUSES),
    is_overdue: z.boolean(),
    previous_reading: decimalSchema.nullable(),
    current_reading: decimalSchema.nullable(),
    consumption: decimalSchema.nullable(),
    created_by: idSchema.nullable(),
    notes: z.string(),
    cancelled_at: timestampSchema.nullable(),
    cancel_reason: z.string(),
    created_at: timestampSchema,
    /** The tenant's second currency when the invoice was issued with a rate of its month; else null. */
    second_currency: z.string().nullable(),
    /** The rate stored with the invoice (6 decimals): units of the other currency for one unit of `exchange_rate_base`. */
    exchange_rate: decimalSchema.nullable(),
    /** The currency one unit of which `exchange_rate` quotes (`currency` or `second_currency`); null without a rate. */
    exchange_rate_base: z.string().nullable(),
    /** The total in the second currency at the invoice's rate, half-up to its minor unit. */
    total_second: moneySchema.nullable(),
    /** The balance in the second currency, rounded UP to its cash step: asking for it always covers the balance. */
    balance_due_second: moneySchema.nullable(),
    /** Read only: the customer's public bill link ("Check my bill", docs/security.md), printed on the invoice. */
    public_url: z.string().optional(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

/** The invoice detail: its lines, the readings it billed and its payments. */
export const invoiceDetailSchema = invoiceSchema
  .extend({
    lines: z.array(invoiceLineSchema),
    readings: z.array(readingSchema),
    payments: z.array(paymentSchema),
    /** The tenant's cash step per currency ("LBP": "1000"), so a payment screen can show the change due exactly. */
    cash_rounding: z.record(z.string(), moneySchema),
  })
  .meta({ id: 'InvoiceDetail' });
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceLineInputSchema = z.object({
  description: textInput(500).min(1, { message: 'This field may not be blank.' }),
  quantity: decimalInputSchema,
  unit_price: decimalInputSchema,
});

/**
 * Two ways to create an invoice (docs/product/domain.md):
 * from a meter `{subscription, period_start, period_end}` (consumption since the last invoice x the
 * bundle's unit price, plus the bundle's monthly price), or with lines
 * `{customer, period_start, period_end, lines, notes}`.
 */
export const createInvoiceInputSchema = z
  .object({
    subscription: idInputSchema.optional(),
    customer: idInputSchema.optional(),
    period_start: calendarDateSchema,
    period_end: calendarDateSchema,
    lines: z.array(invoiceLineInputSchema).max(100, { message: 'Ensure this field has no more than 100 elements.' }).optional(),
    notes: textInput(2000).optional().default(''),
  })
  .superRefine((value, context) => {
    if (value.period_end < value.period_start) {
      context.addIssue({ code: 'custom', path: ['period_end'], message: ERROR_CODES.periodEndBeforeStart });
    }
    if (value.subscription === undefined && value.customer === undefined) {
      context.addIssue({ code: 'custom', path: ['non_field_errors'], message: ERROR_CODES.invoiceSourceRequired });
    }
    if (value.subscription === undefined && value.customer !== undefined && !value.lines?.length) {
      context.addIssue({ code: 'custom', path: ['lines'], message: ERROR_CODES.linesRequired });
    }
    if (value.subscription !== undefined && value.lines !== undefined) {
      context.addIssue({ code: 'custom', path: ['lines'], message: ERROR_CODES.meterInvoiceHasNoLines });
    }
  });
export type CreateInvoiceInput = z.input<typeof createInvoiceInputSchema>;

export const cancelInvoiceInputSchema = z.object({
  reason: textInput(500).min(1, { message: 'This field may not be blank.' }),
});
export type CancelInvoiceInput = z.input<typeof cancelInvoiceInputSchema>;

/** The billing run: every open subscription of the service for one period. */
export const generateInvoicesInputSchema = z
  .object({
    period_start: calendarDateSchema,
    period_end: calendarDateSchema,
    station: idInputSchema.optional(),
    region: idInputSchema.optional(),
    /**
     * Meters not read since their last invoice: `bill` them fee-only (the default, as before) or
     * `skip` them (reason `not_read`) until someone reads them.
     */
    unread: z.enum(['bill', 'skip']).optional(),
  })
  .refine((value) => value.period_end >= value.period_start, { path: ['period_end'], message: ERROR_CODES.periodEndBeforeStart });
export type GenerateInvoicesInput = z.input<typeof generateInvoicesInputSchema>;

/** Why the billing run left a subscription out. */
export const BILLING_SKIP_REASONS = [
  'customer_disconnected',
  'customer_suspended',
  'bundle_inactive',
  'no_consumption_and_no_fee',
  'already_billed',
  'not_read',
] as const;
export type BillingSkipReason = (typeof BILLING_SKIP_REASONS)[number];

export const billingSkipSchema = z
  .object({ subscription: idSchema, customer: idSchema, customer_name: z.string(), reason: z.enum(BILLING_SKIP_REASONS) })
  .meta({ id: 'BillingSkip' });
export type BillingSkip = z.infer<typeof billingSkipSchema>;

export const billingUnreadSchema = z
  .object({ subscription: idSchema, customer: idSchema, customer_name: z.string(), last_reading_at: timestampSchema.nullable() })
  .meta({ id: 'BillingUnreadMeter' });
export type BillingUnread = z.infer<typeof billingUnreadSchema>;

export const generateInvoicesResultSchema = z
  .object({
    created: z.number().int(),
    skipped: z.number().int().meta({ description: 'Subscriptions left out, for any reason of skipped_details' }),
    /** One entry per subscription left out, with its reason (the dialog groups them). */
    skipped_details: z.array(billingSkipSchema),
    errors: z.array(z.object({ subscription: idSchema, customer: idSchema, detail: z.string(), code: z.string().optional() })),
    invoices: z.array(idSchema),
    /** What the invoices created (or, in a dry run, to be created) add up to, in the billing currency. */
    amount: moneySchema,
    /** The period ends today or later in the tenant's time zone: its consumption is not complete. */
    month_in_progress: z.boolean(),
    /**
     * The tenant has a second currency but the period's month has no exchange rate of its own
     * (docs/billing.md, "A month without a rate"): the invoices take the rate of `fallback_month`,
     * the latest month before with one, or, when null, none (no second-currency amounts). Null when
     * the month has its rate or the tenant has one currency.
     */
    missing_exchange_rate: z.object({ month: monthSchema, currency: z.string(), fallback_month: monthSchema.nullable() }).nullable(),
    /** Meters that nobody read since their last invoice (or ever): billed the fee only, or skipped as `not_read`. */
    unread: z.array(billingUnreadSchema),
    /** The created (or to be created) invoices per station; `station` null for meters of no station. */
    by_station: z.array(
      z.object({ station: idSchema.nullable(), station_name: z.string().nullable(), invoices: z.number().int(), amount: moneySchema }),
    ),
  })
  .meta({ id: 'GenerateInvoicesResult' });
export type GenerateInvoicesResult = z.infer<typeof generateInvoicesResultSchema>;

export const listInvoicesQuerySchema = listQuerySchema.extend({
  status: z.enum(INVOICE_STATUS_FILTERS, { message: 'Choose a valid status.' }).optional(),
  customer: idParamSchema.optional(),
  subscription: idParamSchema.optional(),
  period_start: calendarDateSchema.optional(),
  period_end: calendarDateSchema.optional(),
  /** On issued_on, inclusive. */
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type ListInvoicesQuery = z.infer<typeof listInvoicesQuerySchema>;
/** `?totals=true`: the sums of every filtered invoice; cancelled invoices count zero (they were voided). */
export const invoiceTotalsSchema = z
  .object({ total: moneySchema, amount_paid: moneySchema, balance_due: moneySchema })
  .meta({ id: 'InvoiceTotals' });
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;
export const paginatedInvoicesSchema = paginatedWithTotalsSchema(invoiceSchema, invoiceTotalsSchema);

export const invoicePdfQuerySchema = z.object({
  format: z.enum(['a4', 'receipt']).optional().default('a4'),
  lang: z.enum(['en', 'ar']).optional(),
});

/** `POST .../invoices/generate/?dry_run=true`: what a billing run would do (counts only), creating nothing. */
export const generateInvoicesQuerySchema = z.object({ dry_run: booleanQuerySchema.optional() });

/**
 * The print endpoint's query: `output=html` answers the printable page itself instead of the PDF
 * (the browser's own printing, and checks of the printed text such as `dir="rtl"`).
 */
export const invoicePrintQuerySchema = invoicePdfQuerySchema.extend({
  output: z.enum(['pdf', 'html']).optional().default('pdf'),
});

/** At most this many invoices in one printed document (a station or region at a time beyond it). */
export const MAX_PRINTED_INVOICES = 1000;

/** `GET .../invoices/print/`: every live invoice of a billed period (a station or region) in one document. */
export const printInvoicesQuerySchema = invoicePrintQuerySchema.extend({
  period_start: calendarDateSchema,
  period_end: calendarDateSchema,
  station: idParamSchema.optional(),
  region: idParamSchema.optional(),
});
export type PrintInvoicesQuery = z.infer<typeof printInvoicesQuerySchema>;
