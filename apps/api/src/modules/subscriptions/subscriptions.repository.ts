import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Counter, ListCountersQuery, ListReadingsQuery, Reading, Subscription } from '@meterline/contract/subscriptions';
import { counterListSpec, readingListSpec } from '@meterline/contract/subscriptions';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import {
  buildings,
  bundles,
  customers,
  invoices,
  meterReadings,
  readingVoids,
  regions,
  stations,
  streets,
  subscriptions,
} from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import { selectRows } from '../../scope/codes';
import type { ServiceScope } from '../../scope/service-scope';
import { mediaUrl } from '../media/index';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ReadingRow = typeof meterReadings.$inferSelect;
export type ReadingVoidRow = typeof readingVoids.$inferSelect;

/** SQL: the reading (alias `mr`) has not been voided. */
const LIVE_READING = sql.raw(`not exists (select 1 from reading_voids rv where rv.tenant_id = mr.tenant_id and rv.reading_id = mr.id)`);

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    service: row.serviceId,
    customer: row.customerId,
    bundle: row.bundleId,
    station: row.stationId,
    started_on: row.startedOn,
    ended_on: row.endedOn,
    counter: row.counter,
    counter_updated_at: row.counterUpdatedAt ? row.counterUpdatedAt.toISOString() : null,
    counter_updated_by: row.counterUpdatedBy,
  };
}

export function toReading(row: ReadingRow, names: Map<number, string>, voided: ReadingVoidRow | null = null): Reading {
  return {
    id: row.id,
    subscription: row.subscriptionId,
    value: row.value,
    previous_value: row.previousValue,
    kind: row.kind === 'reset' ? 'reset' : 'reading',
    reason: row.reason,
    taken_at: row.takenAt.toISOString(),
    taken_by: row.takenBy,
    taken_by_name: row.takenBy === null ? null : (names.get(row.takenBy) ?? null),
    voided_at: voided ? voided.voidedAt.toISOString() : null,
    voided_by: voided ? voided.voidedBy : null,
    voided_by_name: voided?.voidedBy ? (names.get(voided.voidedBy) ?? null) : null,
    void_reason: voided ? voided.reason : null,
    photo_url: mediaUrl(row.photo),
  };
}

const scoped = (scope: ServiceScope) => and(eq(subscriptions.tenantId, scope.tenantId), eq(subscriptions.serviceId, scope.serviceId));

export async function findSubscriptionRow(
  executor: Executor,
  scope: ServiceScope,
  subscriptionId: number,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRow | null> {
  const query = executor
    .select()
    .from(subscriptions)
    .where(and(scoped(scope), eq(subscriptions.id, subscriptionId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertReading(executor: Executor, values: typeof meterReadings.$inferInsert): Promise<ReadingRow> {
  return first(await executor.insert(meterReadings).values(values).returning(), 'a row inserted into meterReadings');
}

export async function setSubscriptionCounter(
  executor: Executor,
  scope: ServiceScope,
  subscriptionId: number,
  values: { counter: string; counterUpdatedAt: Date | null; counterUpdatedBy: number | null },
): Promise<SubscriptionRow> {
  return first(
    await executor
      .update(subscriptions)
      .set(values)
      .where(and(scoped(scope), eq(subscriptions.id, subscriptionId)))
      .returning(),
    'the updated subscriptions row',
  );
}

/**
 * Consumption a customer has not been billed for: every reading's difference within its meter
 * segment (resets add nothing), over all the customer's subscriptions, minus what live meter
 * invoices billed. Cancelling an invoice gives its consumption back; nothing is lost or negative.
 */
export function unbilledConsumptionSql(tenantId: SQL | number, customerId: SQL | number): SQL<string> {
  // Aliased tables, so that a caller may pass columns of an outer "subscriptions" or "customers".
  return sql<string>`(
    coalesce((select sum(mr.value - mr.previous_value)
              from meter_readings mr join subscriptions ms on ms.id = mr.subscription_id
              where mr.tenant_id = ${tenantId} and ms.customer_id = ${customerId}
                and mr.kind = 'reading' and mr.previous_value is not null and ${LIVE_READING}), 0)
    - coalesce((select sum(bi.consumption) from invoices bi
              where bi.tenant_id = ${tenantId} and bi.customer_id = ${customerId}
                and bi.status <> 'cancelled' and bi.consumption is not null), 0)
  )`;
}

/**
 * For one page of meters, in two grouped queries (not a subquery per row): each customer's
 * unbilled consumption and each subscription's reading before the last one.
 */
export async function findMeterFigures(executor: Executor, tenantId: number, pairs: { subscriptionId: number; customerId: number }[]) {
  const consumption = new Map<number, string>();
  const previous = new Map<number, string | null>();
  const photos = new Map<number, string | null>();
  if (!pairs.length) return { consumption, previous, photos };
  const customerIds = sql.join(
    [...new Set(pairs.map((pair) => pair.customerId))].map((id) => sql`${id}::int`),
    sql`, `,
  );
  const subscriptionIds = sql.join(
    pairs.map((pair) => sql`${pair.subscriptionId}::int`),
    sql`, `,
  );
  const consumed = await selectRows<{ customer_id: number; consumption: string }>(
    executor,
    sql`select c.id as customer_id, (
          coalesce((select sum(mr.value - mr.previous_value) from meter_readings mr join subscriptions ms on ms.id = mr.subscription_id
                    where mr.tenant_id = ${tenantId} and ms.tenant_id = ${tenantId} and ms.customer_id = c.id
                      and mr.kind = 'reading' and mr.previous_value is not null and ${LIVE_READING}), 0)
          - coalesce((select sum(bi.consumption) from invoices bi where bi.tenant_id = ${tenantId} and bi.customer_id = c.id
                      and bi.status <> 'cancelled' and bi.consumption is not null), 0)
        )::numeric(14,3)::text as consumption
        from customers c where c.tenant_id = ${tenantId} and c.id in (${customerIds})`,
  );
  for (const row of consumed) consumption.set(Number(row.customer_id), row.consumption);
  const latest = await selectRows<{ subscription_id: number; previous_value: string | null; photo: string | null }>(
    executor,
    sql`select distinct on (mr.subscription_id) mr.subscription_id, mr.previous_value::text as previous_value, mr.photo from meter_readings mr
        where mr.tenant_id = ${tenantId} and mr.subscription_id in (${subscriptionIds}) and ${LIVE_READING} order by mr.subscription_id, mr.id desc`,
  );
  for (const row of latest) {
    previous.set(Number(row.subscription_id), row.previous_value);
    photos.set(Number(row.subscription_id), row.photo);
  }
  return { consumption, previous, photos };
}

const counterOrdering = {
  id: subscriptions.id,
  customer_name: customers.fullName,
  customer_code: customers.code,
  building_name: buildings.name,
  floor: customers.floor,
  apartment: customers.apartment,
  counter: subscriptions.counter,
  counter_updated_at: subscriptions.counterUpdatedAt,
  consumption: sql`(${unbilledConsumptionSql(sql`${subscriptions.tenantId}`, sql`${subscriptions.customerId}`)})`,
} satisfies Record<(typeof counterListSpec.ordering)[number], unknown>;

type CounterJoined = {
  subscription: SubscriptionRow;
  customerName: string;
  customerCode: string;
  customerPhone: string;
  regionId: number | null;
  regionName: string | null;
  streetId: number | null;
  streetName: string | null;
  buildingId: number | null;
  buildingName: string | null;
  floor: string;
  apartment: string;
  stationName: string | null;
  bundleName: string;
};

function toCounter(row: CounterJoined, figures: Awaited<ReturnType<typeof findMeterFigures>>, names: Map<number, string>): Counter {
  const { subscription } = row;
  return {
    id: subscription.id,
    customer: subscription.customerId,
    customer_name: row.customerName,
    customer_code: row.customerCode,
    customer_phone: row.customerPhone,
    region: row.regionId,
    region_name: row.regionName,
    street: row.streetId,
    street_name: row.streetName,
    building: row.buildingId,
    building_name: row.buildingName,
    floor: row.floor,
    apartment: row.apartment,
    station: subscription.stationId,
    station_name: row.stationName,
    bundle: subscription.bundleId,
    bundle_name: row.bundleName,
    previous_counter: figures.previous.get(subscription.id) ?? null,
    counter: subscription.counter,
    counter_updated_at: subscription.counterUpdatedAt ? subscription.counterUpdatedAt.toISOString() : null,
    counter_updated_by: subscription.counterUpdatedBy,
    counter_updated_by_name: subscription.counterUpdatedBy === null ? null : (names.get(subscription.counterUpdatedBy) ?? null),
    consumption: figures.consumption.get(subscription.customerId) ?? '0.000',
    photo_url: mediaUrl(figures.photos.get(subscription.id) ?? null),
  };
}

/** Open meters of the service, with the customer's address, so a collector finds a building's meters fast. */
export function listCountersSource(
  executor: Executor,
  scope: ServiceScope,
  query: ListCountersQuery,
  resolveNames: (ids: (number | null)[]) => Promise<Map<number, string>>,
  extra?: SQL,
): ListSource<Counter> {
  const conditions: (SQL | undefined)[] = [
    scoped(scope),
    extra,
    isNull(subscriptions.endedOn),
    searchCondition(query.search, [customers.fullName, customers.code, customers.phone, buildings.name]),
    query.station ? eq(subscriptions.stationId, query.station) : undefined,
    query.region ? eq(customers.regionId, query.region) : undefined,
    query.street ? eq(customers.streetId, query.street) : undefined,
    query.building ? eq(customers.buildingId, query.building) : undefined,
    query.bundle ? eq(subscriptions.bundleId, query.bundle) : undefined,
  ];
  const where = and(...conditions);
  const orderBy = orderByFor(query.ordering, counterOrdering, counterListSpec.defaultOrdering, subscriptions.id);
  return {
    countQuery: () =>
      executor
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .innerJoin(customers, eq(customers.id, subscriptions.customerId))
        .leftJoin(buildings, eq(buildings.id, customers.buildingId))
        .where(where)
        .$dynamic(),
    fetchPage: async (limit, offset) => {
      const rows = (await executor
        .select({
          subscription: subscriptions,
          customerName: customers.fullName,
          customerCode: customers.code,
          customerPhone: customers.phone,
          regionId: customers.regionId,
          regionName: regions.name,
          streetId: customers.streetId,
          streetName: streets.name,
          buildingId: customers.buildingId,
          buildingName: buildings.name,
          floor: customers.floor,
          apartment: customers.apartment,
          stationName: stations.name,
          bundleName: bundles.name,
        })
        .from(subscriptions)
        .innerJoin(customers, eq(customers.id, subscriptions.customerId))
        .innerJoin(bundles, eq(bundles.id, subscriptions.bundleId))
        .leftJoin(regions, eq(regions.id, customers.regionId))
        .leftJoin(streets, eq(streets.id, customers.streetId))
        .leftJoin(buildings, eq(buildings.id, customers.buildingId))
        .leftJoin(stations, eq(stations.id, subscriptions.stationId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset)) as CounterJoined[];
      const figures = await findMeterFigures(
        executor,
        scope.tenantId,
        rows.map((row) => ({ subscriptionId: row.subscription.id, customerId: row.subscription.customerId })),
      );
      const names = await resolveNames(rows.map((row) => row.subscription.counterUpdatedBy));
      return rows.map((row) => toCounter(row, figures, names));
    },
  };
}

const readingOrdering = {
  id: meterReadings.id,
  taken_at: meterReadings.takenAt,
  value: meterReadings.value,
} satisfies Record<(typeof readingListSpec.ordering)[number], unknown>;

export function listReadingsSource(
  executor: Executor,
  scope: ServiceScope,
  subscriptionId: number,
  query: ListReadingsQuery,
  resolveNames: (ids: (number | null)[]) => Promise<Map<number, string>>,
): ListSource<Reading> {
  const where = and(
    eq(meterReadings.tenantId, scope.tenantId),
    eq(meterReadings.subscriptionId, subscriptionId),
    query.kind ? eq(meterReadings.kind, query.kind) : undefined,
    searchCondition(query.search, [meterReadings.reason]),
  );
  const orderBy = orderByFor(query.ordering, readingOrdering, readingListSpec.defaultOrdering, meterReadings.id);
  return {
    countQuery: () => executor.select({ id: meterReadings.id }).from(meterReadings).where(where).$dynamic(),
    fetchPage: async (limit, offset) => {
      const rows = await executor
        .select({ reading: meterReadings, voided: readingVoids })
        .from(meterReadings)
        .leftJoin(readingVoids, and(eq(readingVoids.tenantId, meterReadings.tenantId), eq(readingVoids.readingId, meterReadings.id)))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
      const names = await resolveNames(rows.flatMap((row) => [row.reading.takenBy, row.voided?.voidedBy ?? null]));
      return rows.map((row) => toReading(row.reading, names, row.voided));
    },
  };
}

/** Drizzle condition: the meter_readings row of the query has no void. */
function isLiveReading(): SQL {
  return sql`not exists (select 1 from ${readingVoids} where ${readingVoids.tenantId} = ${meterReadings.tenantId} and ${readingVoids.readingId} = ${meterReadings.id})`;
}

export async function findReadingRow(executor: Executor, scope: ServiceScope, subscriptionId: number, readingId: number) {
  const [row] = await executor
    .select({ reading: meterReadings, voided: readingVoids })
    .from(meterReadings)
    .leftJoin(readingVoids, and(eq(readingVoids.tenantId, meterReadings.tenantId), eq(readingVoids.readingId, meterReadings.id)))
    .where(
      and(eq(meterReadings.tenantId, scope.tenantId), eq(meterReadings.subscriptionId, subscriptionId), eq(meterReadings.id, readingId)),
    );
  return row ?? null;
}

/** The subscription's latest reading (or reset) that is not void: the counter's value and when it was taken. */
export async function findLatestLiveReading(executor: Executor, tenantId: number, subscriptionId: number): Promise<ReadingRow | null> {
  const [row] = await executor
    .select()
    .from(meterReadings)
    .where(and(eq(meterReadings.tenantId, tenantId), eq(meterReadings.subscriptionId, subscriptionId), isLiveReading()))
    .orderBy(desc(meterReadings.id))
    .limit(1);
  return row ?? null;
}

/**
 * A live meter invoice of the customer that billed the reading: it recorded this reading or a
 * later one (invoices from before that column: created after the reading was taken).
 */
export async function findInvoiceBillingReading(executor: Executor, tenantId: number, customerId: number, reading: ReadingRow) {
  const [row] = await executor
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        eq(invoices.customerId, customerId),
        sql`${invoices.status} <> 'cancelled'`,
        sql`${invoices.consumption} is not null`,
        sql`(${invoices.lastReadingId} >= ${reading.id} or (${invoices.lastReadingId} is null and ${invoices.createdAt} >= ${reading.takenAt}))`,
      ),
    )
    .orderBy(desc(invoices.id))
    .limit(1);
  return row ?? null;
}

export async function insertReadingVoid(executor: Executor, values: typeof readingVoids.$inferInsert): Promise<ReadingVoidRow> {
  return first(await executor.insert(readingVoids).values(values).returning(), 'a row inserted into readingVoids');
}

/** The open meters of the service's customers that meet a condition on `customers` (a collector's round): three statements and the names. */
export function findCountersWhere(
  executor: Executor,
  scope: ServiceScope,
  customerCondition: SQL,
  resolveNames: (ids: (number | null)[]) => Promise<Map<number, string>>,
): Promise<Counter[]> {
  const source = listCountersSource(executor, scope, { page: 1, page_size: 1, ordering: 'id' }, resolveNames, customerCondition);
  return source.fetchPage(1_000_000, 0);
}
