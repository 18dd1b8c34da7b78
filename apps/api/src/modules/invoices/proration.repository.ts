import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DayRange } from '@meterline/contract/proration';
import type { Executor } from '../../db/client';
import { bundles, customers, stations, subscriptions } from '../../db/schema/index';
import { selectRows } from '../../scope/codes';
import type { ServiceScope } from '../../scope/service-scope';

/**
 * Subscriptions of the service open on at least one day of the period (the billing run): the open
 * ones and those closed during it (a bundle change in the month), optionally of one station or region.
 */
export async function findSubscriptionsOfPeriod(
  executor: Executor,
  scope: ServiceScope,
  filters: { station?: number; region?: number },
  period: DayRange,
) {
  return executor
    .select({
      id: subscriptions.id,
      customerId: subscriptions.customerId,
      customerName: customers.fullName,
      customerStatus: customers.status,
      bundleId: subscriptions.bundleId,
      isBundleActive: bundles.isActive,
      startedOn: subscriptions.startedOn,
      endedOn: subscriptions.endedOn,
      stationId: subscriptions.stationId,
      stationName: stations.name,
      // The customer's last live reading, and the last one its live invoices billed: not read since
      // the last invoice when the first is missing or not past the second (the billing run warns;
      // `findLastReadingTimes` dates the few it lists).
      // (`ms.tenant_id` too: the customer's subscriptions are found by their index, not by a scan per row.)
      lastReadingId: sql<
        number | null
      >`(select max(mr.id) from meter_readings mr join subscriptions ms on ms.tenant_id = mr.tenant_id and ms.id = mr.subscription_id
          where mr.tenant_id = ${subscriptions.tenantId} and ms.tenant_id = ${subscriptions.tenantId} and ms.customer_id = ${subscriptions.customerId} and mr.kind = 'reading'
            and not exists (select 1 from reading_voids rv where rv.tenant_id = mr.tenant_id and rv.reading_id = mr.id))`.mapWith(Number),
      lastBilledReadingId: sql<number | null>`(select max(bi.last_reading_id) from invoices bi
          where bi.tenant_id = ${subscriptions.tenantId} and bi.customer_id = ${subscriptions.customerId} and bi.status <> 'cancelled')`.mapWith(
        Number,
      ),
    })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .innerJoin(bundles, eq(bundles.id, subscriptions.bundleId))
    .leftJoin(stations, and(eq(stations.id, subscriptions.stationId), eq(stations.tenantId, subscriptions.tenantId)))
    .where(
      and(
        eq(subscriptions.tenantId, scope.tenantId),
        eq(subscriptions.serviceId, scope.serviceId),
        lte(subscriptions.startedOn, period.end),
        or(isNull(subscriptions.endedOn), and(gt(subscriptions.endedOn, period.start), gt(subscriptions.endedOn, subscriptions.startedOn))),
        filters.station ? eq(subscriptions.stationId, filters.station) : undefined,
        filters.region ? eq(customers.regionId, filters.region) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.id));
}

/** When each customer's meter was last read (its latest live reading): the billing run's unread meters, one query for all. */
export async function findLastReadingTimes(executor: Executor, tenantId: number, customerIds: number[]): Promise<Map<number, string>> {
  if (!customerIds.length) return new Map();
  const rows = await selectRows<{ customer_id: number; taken_at: string | Date }>(
    executor,
    sql`select ms.customer_id, max(mr.taken_at) as taken_at
          from meter_readings mr join subscriptions ms on ms.id = mr.subscription_id
          where mr.tenant_id = ${tenantId} and ms.customer_id in (${sql.join(
            customerIds.map((id) => sql`${id}`),
            sql`, `,
          )}) and mr.kind = 'reading'
            and not exists (select 1 from reading_voids rv where rv.tenant_id = mr.tenant_id and rv.reading_id = mr.id)
          group by ms.customer_id`,
  );
  // A Date from PGlite, text from PostgreSQL: ISO 8601 either way.
  return new Map(rows.map((row) => [Number(row.customer_id), new Date(row.taken_at).toISOString()]));
}

/**
 * What each customer's month already holds, for every customer of the service (or those listed)
 * with a subscription open in the month, in one statement: the fees its live invoices starting in
 * that month billed, and the dearest monthly fee among the bundles it had during the month.
 */
export async function findServiceMonthFees(
  executor: Executor,
  scope: ServiceScope,
  month: DayRange,
  customerIds?: number[],
): Promise<Map<number, { alreadyBilled: bigint; dearestFee: bigint }>> {
  const ofCustomers = (column: ReturnType<typeof sql.raw>) =>
    customerIds
      ? sql`and ${column} in (${sql.join(
          customerIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})`
      : sql``;
  if (customerIds && !customerIds.length) return new Map();
  const rows = await selectRows<{ customer_id: number; billed: string; dearest: string }>(
    executor,
    sql`with dearest as (
          select s.customer_id, max(b.price) as dearest from subscriptions s join bundles b on b.id = s.bundle_id
          where s.tenant_id = ${scope.tenantId} and s.service_id = ${scope.serviceId} and s.started_on <= ${month.end}
            and (s.ended_on is null or (s.ended_on > ${month.start} and s.ended_on > s.started_on)) ${ofCustomers(sql.raw('s.customer_id'))}
          group by s.customer_id
        ), billed as (
          select i.customer_id, sum(i.monthly_fee) as billed from invoices i
          where i.tenant_id = ${scope.tenantId} and i.service_id = ${scope.serviceId} and i.status <> 'cancelled'
            and i.period_start between ${month.start} and ${month.end} ${ofCustomers(sql.raw('i.customer_id'))}
          group by i.customer_id
        )
        select d.customer_id, coalesce(b.billed, 0)::text as billed, coalesce(d.dearest, 0)::text as dearest
        from dearest d left join billed b on b.customer_id = d.customer_id`,
  );
  return new Map(rows.map((row) => [Number(row.customer_id), { alreadyBilled: BigInt(row.billed), dearestFee: BigInt(row.dearest) }]));
}
