import { and, eq, sql } from 'drizzle-orm';
import type { InvoiceLinePricing } from '@meterline/contract/invoices';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { billedConsumption, exchangeRates, invoiceExchangeRates, invoiceLinePricing } from '../../db/schema/index';
import { selectRows } from '../../scope/codes';

export type InvoiceRateRow = typeof invoiceExchangeRates.$inferSelect;

/**
 * The consumption ledger's open months (docs/billing.md), for every subscription of a service or of
 * one customer, in one statement: per subscription and month (on the tenant's calendar), the units
 * its live readings put in that month less those live invoices recorded for it, where they differ.
 * A reading's units are spread over the time since the reading before it on the same meter, pro
 * rata, cumulatively rounded half-up so the parts add up exactly (`splitByMonth` in
 * `tariff-pricing.ts` does the same in TypeScript, for the seed and the tests). `billed` is what the
 * customer's live invoices billed in that month on all its subscriptions (where tiers continue).
 */
export async function findUnpricedMonths(
  executor: Executor,
  tenantId: number,
  of: { serviceId: number } | { customerId: number } | { customerIds: number[] },
  timeZone: string,
): Promise<
  {
    subscriptionId: number;
    customerId: number;
    bundleId: number;
    startedOn: string;
    endedOn: string | null;
    month: string;
    delta: string;
    billed: string;
  }[]
> {
  const ofSubscriptions =
    'serviceId' in of
      ? sql`s.service_id = ${of.serviceId}`
      : 'customerId' in of
        ? sql`s.customer_id = ${of.customerId}`
        : sql`s.customer_id in (${sql.join(
            of.customerIds.map((id) => sql`${id}::int`),
            sql`, `,
          )})`;
  if ('customerIds' in of && !of.customerIds.length) return [];
  const rows = await selectRows<{
    subscription_id: number;
    customer_id: number;
    bundle_id: number;
    started_on: string;
    ended_on: string | null;
    month: string;
    delta: string;
    billed: string;
  }>(
    executor,
    sql`with voided as (
          select distinct vr.subscription_id from reading_voids rv join meter_readings vr on vr.tenant_id = rv.tenant_id and vr.id = rv.reading_id
          where rv.tenant_id = ${tenantId}
        ), cancelled as (
          select distinct bc.subscription_id from invoices ci join billed_consumption bc on bc.tenant_id = ci.tenant_id and bc.invoice_id = ci.id
          where ci.tenant_id = ${tenantId} and ci.status = 'cancelled'
        ), subs as (
          -- The watermark counts only while nothing was voided or cancelled on the subscription.
          select s.id, s.customer_id, s.bundle_id, s.started_on, s.ended_on,
                 case when s.ledger_from is not null
                        and not exists (select 1 from voided where voided.subscription_id = s.id)
                        and not exists (select 1 from cancelled where cancelled.subscription_id = s.id)
                      then s.ledger_from end as ledger_from
          from subscriptions s
          where s.tenant_id = ${tenantId} and ${ofSubscriptions}
        ), marked as (
          -- Past the watermark, the readings from the last one before it (where the next one's units start):
          -- readings only follow each other in time, so those are the ones from that id on.
          select subs.*,
                 case when subs.ledger_from is null then 0
                      else coalesce((select max(a.id) from meter_readings a
                                     where a.tenant_id = ${tenantId} and a.subscription_id = subs.id
                                       and a.taken_at < (subs.ledger_from::timestamp at time zone ${timeZone})), 0) end as from_id
          from subs
        ), live as (
          select mr.subscription_id, mr.kind, mr.previous_value, mr.value - mr.previous_value as quantity, mr.taken_at,
                 lag(mr.taken_at) over (partition by mr.subscription_id order by mr.id) as prev_at
          from meter_readings mr join marked on marked.id = mr.subscription_id
          where mr.tenant_id = ${tenantId} and mr.id >= marked.from_id
            and not exists (select 1 from reading_voids rv where rv.tenant_id = mr.tenant_id and rv.reading_id = mr.id)
        ), intervals as (
          select row_number() over () as k, subscription_id, (quantity * 1000)::numeric as units,
                 case when prev_at is null or prev_at >= taken_at then taken_at else prev_at end as a, taken_at as b
          from live where kind = 'reading' and previous_value is not null and quantity <> 0
        ), steps as (
          select i.k, i.subscription_id, i.units, m.m as month,
                 (extract(epoch from i.a) * 1000)::bigint::numeric as a_ms,
                 (extract(epoch from i.b) * 1000)::bigint::numeric as b_ms,
                 (extract(epoch from ((m.m + interval '1 month')::timestamp at time zone ${timeZone})) * 1000)::bigint::numeric as boundary_ms
          from intervals i
          cross join lateral generate_series(date_trunc('month', i.a at time zone ${timeZone}),
                                             date_trunc('month', i.b at time zone ${timeZone}), interval '1 month') as m(m)
        ), cumulative as (
          select k, subscription_id, month,
                 case when b_ms <= a_ms or boundary_ms >= b_ms then units
                      else sign(units) * div(2 * abs(units) * (boundary_ms - a_ms) + (b_ms - a_ms), 2 * (b_ms - a_ms)) end as reached
          from steps
        ), parts as (
          select subscription_id, month, reached - coalesce(lag(reached) over (partition by k order by month), 0) as units
          from cumulative
        ), metered as (
          select subscription_id, to_char(month, 'YYYY-MM') as month, sum(units) as units from parts group by 1, 2
        ), billed as (
          select bc.subscription_id, to_char(bc.month, 'YYYY-MM') as month, sum(bc.quantity * 1000) as units
          from billed_consumption bc join subs on subs.id = bc.subscription_id
          join invoices i on i.tenant_id = bc.tenant_id and i.id = bc.invoice_id
          where bc.tenant_id = ${tenantId} and i.status <> 'cancelled' and (subs.ledger_from is null or bc.month >= subs.ledger_from)
          group by 1, 2
        ), months as (
          select subs.id as subscription_id, subs.customer_id, subs.bundle_id, subs.started_on, subs.ended_on, subs.ledger_from,
                 coalesce(metered.month, billed.month) as month,
                 coalesce(metered.units, 0) - coalesce(billed.units, 0) as delta
          from metered full join billed on billed.subscription_id = metered.subscription_id and billed.month = metered.month
          join subs on subs.id = coalesce(metered.subscription_id, billed.subscription_id)
        )
        select subscription_id, customer_id, bundle_id, started_on::text as started_on, ended_on::text as ended_on, month,
               (delta / 1000)::numeric(14,3)::text as delta,
               -- What the customer's live invoices billed in the month on all its subscriptions (where tiers continue).
               (select coalesce(sum(bc.quantity), 0) from billed_consumption bc
                join subscriptions cs on cs.tenant_id = bc.tenant_id and cs.id = bc.subscription_id
                join invoices bi on bi.tenant_id = bc.tenant_id and bi.id = bc.invoice_id
                where bc.tenant_id = ${tenantId} and cs.tenant_id = ${tenantId} and cs.customer_id = months.customer_id
                  and bc.month = to_date(months.month || '-01', 'YYYY-MM-DD') and bi.status <> 'cancelled')::numeric(14,3)::text as billed
        from months where delta <> 0 and (ledger_from is null or month >= to_char(ledger_from, 'YYYY-MM'))
        order by customer_id, subscription_id, month`,
  );
  return rows.map((row) => ({
    subscriptionId: Number(row.subscription_id),
    customerId: Number(row.customer_id),
    bundleId: Number(row.bundle_id),
    startedOn: row.started_on,
    endedOn: row.ended_on,
    month: row.month,
    delta: row.delta,
    billed: row.billed,
  }));
}

export async function insertBilledConsumption(executor: Executor, values: (typeof billedConsumption.$inferInsert)[]): Promise<void> {
  for (let index = 0; index < values.length; index += 1000)
    await executor.insert(billedConsumption).values(values.slice(index, index + 1000));
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

/**
 * Moves each subscription's watermark to the last month an invoice just settled (nothing of it is
 * left open): later runs read only from that month on.
 */
export async function advanceLedgerWatermarks(executor: Executor, tenantId: number, settledUpTo: Map<number, string>): Promise<void> {
  if (!settledUpTo.size) return;
  const values = sql.join(
    [...settledUpTo].map(([id, month]) => sql`(${id}::int, ${`${month}-01`}::date)`),
    sql`, `,
  );
  await executor.execute(
    sql`update subscriptions s set ledger_from = v.month from (values ${values}) as v(id, month) where s.tenant_id = ${tenantId} and s.id = v.id`,
  );
}
