import { z } from 'zod';
import { calendarDateSchema } from './billing-common';
import { idParamSchema } from './common';
import { moneySchema } from './money';

export const statisticsQuerySchema = z.object({
  service: idParamSchema.optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** stats1: KPI cards. */
export const stats1Schema = z
  .object({
    currency: z.string(),
    customers: z.number().int(),
    active_subscriptions: z.number().int(),
    invoiced_this_month: moneySchema,
    collected_this_month: moneySchema,
    outstanding_balance: moneySchema,
    overdue_invoices: z.number().int(),
  })
  .meta({ id: 'Stats1' });
export type Stats1 = z.infer<typeof stats1Schema>;

/** stats2: invoiced vs collected per month, 12 months, oldest first. */
export const stats2Schema = z.array(z.object({ month: z.string(), invoiced: moneySchema, collected: moneySchema }));
export type Stats2 = z.infer<typeof stats2Schema>;

/** stats3: invoices by status (overdue counted apart from unpaid). */
export const stats3Schema = z.array(z.object({ status: z.string(), count: z.number().int(), total: moneySchema }));
export type Stats3 = z.infer<typeof stats3Schema>;

/** stats4: collections per receiving staff member this month. */
export const stats4Schema = z.array(
  z.object({ user_id: z.number().int(), full_name: z.string(), count: z.number().int(), total: moneySchema }),
);
export type Stats4 = z.infer<typeof stats4Schema>;
