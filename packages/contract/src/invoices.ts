import { z } from 'zod';
import { calendarDateSchema, decimalInputSchema, decimalSchema, idInputSchema, textInput } from './billing-common';
import { booleanQuerySchema, idParamSchema, idSchema, timestampSchema } from './common';
import { moneySchema } from './money';
import { listQuerySchema, paginatedSchema, type ListSpec } from './pagination';
import { paymentSchema } from './payments';
import { readingSchema } from './subscriptions';

export const INVOICE_STATUSES = ['unpaid', 'partially_paid', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** `?status=` also accepts `overdue`: due before today (tenant's timezone) with a balance. */
export const INVOICE_STATUS_FILTERS = [...INVOICE_STATUSES, 'overdue'] as const;

export const invoiceLineSchema = z
  .object({
    id: idSchema,
    position: z.number().int(),
    description: z.string(),
    quantity: decimalSchema,
    unit_price: decimalSchema,
    /** quantity x unit_price rounded once to the currency, half-up. */
    amount: moneySchema,
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
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

/** The invoice detail: its lines, the readings it billed and its payments. */
export const invoiceDetailSchema = invoiceSchema
  .extend({
    lines: z.array(invoiceLineSchema),
    readings: z.array(readingSchema),
    payments: z.array(paymentSchema),
  })
  .meta({ id: 'InvoiceDetail' });
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceLineInputSchema = z.object({
  description: textInput(500).min(1, { message: 'This field may not be blank.' }),
  quantity: decimalInputSchema,
  unit_price: decimalInputSchema,
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/**
 * Two ways to create an invoice (domain.md):
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
      context.addIssue({ code: 'custom', path: ['period_end'], message: 'The period must end on or after its start.' });
    }
    if (value.subscription === undefined && value.customer === undefined) {
      context.addIssue({ code: 'custom', path: ['non_field_errors'], message: 'Give a subscription (bill a meter) or a customer with lines.' });
    }
    if (value.subscription === undefined && value.customer !== undefined && !value.lines?.length) {
      context.addIssue({ code: 'custom', path: ['lines'], message: 'Give at least one line.' });
    }
    if (value.subscription !== undefined && value.lines !== undefined) {
      context.addIssue({ code: 'custom', path: ['lines'], message: 'An invoice from a meter takes no lines: its lines come from the bundle.' });
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
  })
  .refine((value) => value.period_end >= value.period_start, { path: ['period_end'], message: 'The period must end on or after its start.' });
export type GenerateInvoicesInput = z.input<typeof generateInvoicesInputSchema>;

export const generateInvoicesResultSchema = z
  .object({
    created: z.number().int(),
    skipped: z.number().int().meta({ description: 'Subscriptions already billed for the period' }),
    errors: z.array(z.object({ subscription: idSchema, customer: idSchema, detail: z.string() })),
    invoices: z.array(idSchema),
  })
  .meta({ id: 'GenerateInvoicesResult' });
export type GenerateInvoicesResult = z.infer<typeof generateInvoicesResultSchema>;

export const invoiceListSpec = {
  ordering: ['id', 'number', 'issued_on', 'due_on', 'period_start', 'total', 'amount_paid', 'balance_due', 'status', 'customer_name', 'created_at'],
  filters: ['status', 'customer', 'subscription', 'period_start', 'period_end', 'date_from', 'date_to'],
  defaultOrdering: '-issued_on,-id',
} as const satisfies ListSpec<string, string>;

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
export const paginatedInvoicesSchema = paginatedSchema(invoiceSchema);

export const invoicePdfQuerySchema = z.object({
  format: z.enum(['a4', 'receipt']).optional().default('a4'),
  lang: z.enum(['en', 'ar']).optional(),
});
export type InvoicePdfQuery = z.infer<typeof invoicePdfQuerySchema>;

/** `POST .../invoices/generate/?dry_run=true`: what a billing run would do (counts only), creating nothing. */
export const generateInvoicesQuerySchema = z.object({ dry_run: booleanQuerySchema.optional() });
export type GenerateInvoicesQuery = z.infer<typeof generateInvoicesQuerySchema>;

/**
 * The print endpoint's query: `output=html` answers the printable page itself instead of the PDF
 * (the browser's own printing, and checks of the printed text such as `dir="rtl"`).
 */
export const invoicePrintQuerySchema = invoicePdfQuerySchema.extend({
  output: z.enum(['pdf', 'html']).optional().default('pdf'),
});
export type InvoicePrintQuery = z.infer<typeof invoicePrintQuerySchema>;
