import { z } from 'zod';
import { calendarDateSchema, decimalInputSchema, nullableIdInputSchema, textInput } from './billing-common';
import { idParamSchema, idSchema, timestampSchema } from './common';
import { moneySchema } from './money';
import { listQuerySchema, paginatedSchema } from './pagination';
import { TRANSACTION_KINDS } from './list-specs';

export { transactionListSpec } from './list-specs';

/** Money moving outside invoices. */
export const transactionKindSchema = z.enum(TRANSACTION_KINDS, { message: 'Choose a valid kind.' });

export const transactionSchema = z
  .object({
    id: idSchema,
    kind: z.enum(TRANSACTION_KINDS),
    amount: moneySchema,
    /** The currency of `amount` when it is not the billing currency's (a count's second-currency cash); null: the billing currency. */
    currency: z.string().nullable(),
    service: idSchema.nullable(),
    from_user: idSchema.nullable(),
    from_user_name: z.string().nullable(),
    to_user: idSchema.nullable(),
    to_user_name: z.string().nullable(),
    description: z.string(),
    created_at: timestampSchema,
    created_by: idSchema.nullable(),
    created_by_name: z.string().nullable(),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;

/** `from_user` and `to_user` must be users of the caller's tenant (400 otherwise). */
export const createTransactionInputSchema = z.object({
  kind: transactionKindSchema,
  amount: decimalInputSchema,
  service: nullableIdInputSchema.optional(),
  from_user: nullableIdInputSchema.optional(),
  to_user: nullableIdInputSchema.optional(),
  description: textInput(1000).optional().default(''),
});
export type CreateTransactionInput = z.input<typeof createTransactionInputSchema>;

export const listTransactionsQuerySchema = listQuerySchema.extend({
  kind: transactionKindSchema.optional(),
  service: idParamSchema.optional(),
  from_user: idParamSchema.optional(),
  to_user: idParamSchema.optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type ListTransactionsQuery = z.infer<typeof listTransactionsQuerySchema>;
export const paginatedTransactionsSchema = paginatedSchema(transactionSchema);

/** `GET /transaction/invoices/status/`: invoices per status (live statuses and cancelled). */
export const invoiceStatusQuerySchema = z.object({
  service: idParamSchema.optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type InvoiceStatusQuery = z.infer<typeof invoiceStatusQuerySchema>;
export const invoiceStatusSummarySchema = z.array(z.object({ status: z.string(), count: z.number().int(), total: moneySchema }));
export type InvoiceStatusSummary = z.infer<typeof invoiceStatusSummarySchema>;
