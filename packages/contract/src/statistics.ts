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

/** `GET /api/statistics/stats1/`: the KPI summary (the dashboard cards). */
export const kpiSummarySchema = z
  .object({
    currency: z.string(),
    customers: z.number().int(),
    active_subscriptions: z.number().int(),
    invoiced_this_month: moneySchema,
    collected_this_month: moneySchema,
    outstanding_balance: moneySchema,
    overdue_invoices: z.number().int(),
    /**
     * The tenant's second currency and the money figures in it (docs/money-and-numbering.md), at the rate of the
     * window's last month (the current month without dates; failing that, the latest month before it
     * with a rate); all null without a second currency or a rate.
     */
    second_currency: z.string().nullable(),
    exchange_rate: z.string().nullable(),
    exchange_rate_base: z.string().nullable(),
    exchange_rate_month: z.string().nullable(),
    invoiced_this_month_second: moneySchema.nullable(),
    collected_this_month_second: moneySchema.nullable(),
    outstanding_balance_second: moneySchema.nullable(),
  })
  .meta({ id: 'Stats1' });
export type KpiSummary = z.infer<typeof kpiSummarySchema>;

/** `GET /api/statistics/stats2/`: monthly totals, invoiced vs collected per month, 12 months, oldest first. */
export const monthlyTotalsSchema = z.array(z.object({ month: z.string(), invoiced: moneySchema, collected: moneySchema }));
export type MonthlyTotals = z.infer<typeof monthlyTotalsSchema>;

/** `GET /api/statistics/stats3/`: invoices by status (overdue counted apart from unpaid). */
export const invoicesByStatusSchema = z.array(z.object({ status: z.string(), count: z.number().int(), total: moneySchema }));
export type InvoicesByStatus = z.infer<typeof invoicesByStatusSchema>;

/** `GET /api/statistics/stats4/`: collections by staff, per receiving staff member this month. */
export const collectionsByStaffSchema = z.array(
  z.object({ user_id: z.number().int(), full_name: z.string(), count: z.number().int(), total: moneySchema }),
);
export type CollectionsByStaff = z.infer<typeof collectionsByStaffSchema>;
