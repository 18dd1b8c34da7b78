import { z } from 'zod';
import { idInputSchema } from './billing-common';
import { idSchema, timestampSchema } from './common';
import { ERROR_CODES } from './errors';
import { moneySchema, normalizeDigits } from './money';
import { listQuerySchema, paginatedSchema, type ListSpec } from './pagination';

/** One customer with an overdue balance: whom to chase, how much and since when. */
export const overdueCustomerSchema = z
  .object({
    customer: idSchema,
    customer_code: z.string(),
    customer_name: z.string(),
    phone: z.string(),
    station: idSchema.nullable(),
    region: idSchema.nullable(),
    /** Days since the due date of the oldest overdue invoice (tenant's calendar). */
    days_overdue: z.number().int(),
    oldest_due_on: z.string(),
    overdue_invoices: z.number().int(),
    /** What is left to pay on the overdue invoices. */
    overdue_amount: moneySchema,
    last_payment_at: timestampSchema.nullable(),
    /** When the last reminder was sent (null until one is). */
    last_reminder_at: timestampSchema.nullable(),
  })
  .meta({ id: 'OverdueCustomer' });
export type OverdueCustomer = z.infer<typeof overdueCustomerSchema>;

export const overdueListSpec = {
  ordering: ['days_overdue', 'overdue_amount', 'customer_name', 'oldest_due_on', 'last_payment_at', 'overdue_invoices'],
  filters: ['station', 'region', 'min_days'],
  defaultOrdering: '-days_overdue',
} as const satisfies ListSpec<string, string>;

export const listOverdueQuerySchema = listQuerySchema.extend({
  station: idInputSchema.optional(),
  region: idInputSchema.optional(),
  /** Only customers overdue at least this many days (the disconnection list). */
  min_days: z.preprocess(
    (value) => (typeof value === 'string' ? normalizeDigits(value) : value),
    z.coerce.number({ message: ERROR_CODES.invalidInteger }).int({ message: ERROR_CODES.invalidInteger }).min(0).max(36_500),
  ).optional(),
});
export type ListOverdueQuery = z.infer<typeof listOverdueQuerySchema>;
export const paginatedOverdueSchema = paginatedSchema(overdueCustomerSchema);
