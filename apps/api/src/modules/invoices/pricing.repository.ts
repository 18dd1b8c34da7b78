import { and, eq, sql } from 'drizzle-orm';
import type { InvoiceLinePricing } from '@meterline/contract/invoices';
import type { Executor } from '../../db/client';
import { exchangeRates, invoiceExchangeRates, invoiceLinePricing } from '../../db/schema/index';
import { selectRows } from '../../scope/codes';
import { first } from '@meterline/contract/invariant';

export type InvoiceRateRow = typeof invoiceExchangeRates.$inferSelect;

/**
 * The customer's readings not billed by a live meter invoice yet (after the last reading the
 * previous one billed), each with when the reading before it on the same meter was taken: the
 * intervals consumption is split over months by.
 */
export async function findUnbilledIntervals(
  executor: Executor,
  tenantId: number,
  customerId: number,
): Promise<{ startMs: string | null; endMs: string; quantity: string }[]> {
  return selectRows(
    executor,
    sql`with live as (
          select mr.id, mr.kind, mr.value, mr.previous_value, mr.taken_at,
                 lag(mr.taken_at) over (partition by mr.subscription_id order by mr.id) as prev_at
          from meter_readings mr join subscriptions ms on ms.tenant_id = mr.tenant_id and ms.id = mr.subscription_id
          where mr.tenant_id = ${tenantId} and ms.customer_id = ${customerId}
            and not exists (select 1 from reading_voids rv where rv.tenant_id = mr.tenant_id and rv.reading_id = mr.id)
        ), billed as (
          -- The last reading the customer's latest live meter invoice billed.
          select coalesce((select i.last_reading_id from invoices i
                           where i.tenant_id = ${tenantId} and i.customer_id = ${customerId} and i.status <> 'cancelled' and i.consumption is not null
                           order by i.id desc limit 1), 0) as last_id
        )
        select (extract(epoch from live.prev_at) * 1000)::bigint::text as "startMs",
               (extract(epoch from live.taken_at) * 1000)::bigint::text as "endMs",
               (live.value - live.previous_value)::numeric(14,3)::text as quantity
        from live, billed
        where live.kind = 'reading' and live.previous_value is not null and live.id > billed.last_id
        order by live.id`,
  );
}

/** Per month (YYYY-MM), the consumption live invoices of the customer already billed in it. */
export async function findBilledByMonth(
  executor: Executor,
  tenantId: number,
  customerId: number,
): Promise<{ month: string; quantity: string }[]> {
  return selectRows(
    executor,
    sql`select to_char(p.month, 'YYYY-MM') as month, sum(l.quantity)::numeric(14,3)::text as quantity
        from invoice_line_pricing p
        join invoice_lines l on l.tenant_id = p.tenant_id and l.id = p.invoice_line_id
        join invoices i on i.tenant_id = l.tenant_id and i.id = l.invoice_id
        where p.tenant_id = ${tenantId} and i.customer_id = ${customerId} and i.status <> 'cancelled'
        group by p.month`,
  );
}

export async function insertLinePricing(executor: Executor, values: (typeof invoiceLinePricing.$inferInsert)[]): Promise<void> {
  if (values.length) await executor.insert(invoiceLinePricing).values(values);
}

/** A consumption line's pricing as the API shows it: the tariff (null: the bundle's price), month and tier. */
export function toLinePricing(row: {
  tariffId: number | null;
  tariffName: string | null;
  month: string;
  tier: number | null;
}): InvoiceLinePricing {
  return { tariff: row.tariffId, tariff_name: row.tariffName, month: row.month.slice(0, 7), tier: row.tier };
}

/** The rate of a month, or failing that of the latest month before it that has one. */
export async function findRateForMonth(executor: Executor, tenantId: number, currency: string, monthDate: string) {
  const [row] = await executor
    .select({ month: exchangeRates.month, rate: exchangeRates.rate, baseCurrency: exchangeRates.baseCurrency })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.tenantId, tenantId), eq(exchangeRates.currency, currency), sql`${exchangeRates.month} <= ${monthDate}`))
    .orderBy(sql`${exchangeRates.month} desc`)
    .limit(1);
  return row ?? null;
}

export async function insertInvoiceRate(executor: Executor, values: typeof invoiceExchangeRates.$inferInsert): Promise<InvoiceRateRow> {
  return first(await executor.insert(invoiceExchangeRates).values(values).returning(), 'a row inserted into invoiceExchangeRates');
}

export async function findInvoiceRate(executor: Executor, tenantId: number, invoiceId: number): Promise<InvoiceRateRow | null> {
  const [row] = await executor
    .select()
    .from(invoiceExchangeRates)
    .where(and(eq(invoiceExchangeRates.tenantId, tenantId), eq(invoiceExchangeRates.invoiceId, invoiceId)));
  return row ?? null;
}
