import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ListStationsQuery, Station } from '@meterline/contract/stations';
import { stationListSpec } from '@meterline/contract/stations';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { buildings, customers, regions, stations, streets, subscriptions } from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import { generateCode, selectRows } from '../../scope/codes';
import type { ServiceScope } from '../../scope/service-scope';

export type StationRow = typeof stations.$inferSelect;

const customersCount = sql<number>`(select count(*)::int from customers c where c.tenant_id = "stations"."tenant_id" and c.station_id = "stations"."id")`;

const stationColumns = {
  station: stations,
  regionName: regions.name,
  streetName: streets.name,
  buildingName: buildings.name,
  customersCount,
};

type StationJoined = {
  station: StationRow;
  regionName: string | null;
  streetName: string | null;
  buildingName: string | null;
  customersCount: number;
};

export function toStation(row: StationJoined): Station {
  const { station } = row;
  return {
    id: station.id,
    service: station.serviceId,
    name: station.name,
    code: station.code,
    status: station.status,
    capacity: station.capacity,
    region: station.regionId,
    region_name: row.regionName,
    street: station.streetId,
    street_name: row.streetName,
    building: station.buildingId,
    building_name: row.buildingName,
    latitude: station.latitude,
    longitude: station.longitude,
    notes: station.notes,
    customers_count: Number(row.customersCount),
    created_at: station.createdAt.toISOString(),
  };
}

function selectStations(executor: Executor) {
  return executor
    .select(stationColumns)
    .from(stations)
    .leftJoin(regions, eq(regions.id, stations.regionId))
    .leftJoin(streets, eq(streets.id, stations.streetId))
    .leftJoin(buildings, eq(buildings.id, stations.buildingId));
}

const scoped = (scope: ServiceScope) => and(eq(stations.tenantId, scope.tenantId), eq(stations.serviceId, scope.serviceId));

const orderingFields = {
  id: stations.id,
  name: stations.name,
  code: stations.code,
  status: stations.status,
  capacity: stations.capacity,
  created_at: stations.createdAt,
  customers_count: customersCount,
} satisfies Record<(typeof stationListSpec.ordering)[number], unknown>;

export function listStationsSource(executor: Executor, scope: ServiceScope, query: ListStationsQuery): ListSource<Station> {
  const conditions: (SQL | undefined)[] = [
    scoped(scope),
    searchCondition(query.search, [stations.name, stations.code, stations.notes]),
    query.status ? eq(stations.status, query.status) : undefined,
    query.region ? eq(stations.regionId, query.region) : undefined,
    query.street ? eq(stations.streetId, query.street) : undefined,
    query.building ? eq(stations.buildingId, query.building) : undefined,
    query.has_customers === undefined ? undefined : query.has_customers ? sql`${customersCount} > 0` : sql`${customersCount} = 0`,
  ];
  const where = and(...conditions);
  const orderBy = orderByFor(query.ordering, orderingFields, stationListSpec.defaultOrdering, stations.id);
  return {
    countQuery: () => executor.select({ id: stations.id }).from(stations).where(where).$dynamic(),
    fetchPage: async (limit, offset) =>
      (
        await selectStations(executor)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(toStation),
  };
}

export async function findStation(executor: Executor, scope: ServiceScope, stationId: number): Promise<Station | null> {
  const [row] = await selectStations(executor).where(and(scoped(scope), eq(stations.id, stationId)));
  return row ? toStation(row) : null;
}

export async function findStationRow(
  executor: Executor,
  scope: ServiceScope,
  stationId: number,
  options: { lock?: boolean } = {},
): Promise<StationRow | null> {
  const query = executor
    .select()
    .from(stations)
    .where(and(scoped(scope), eq(stations.id, stationId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function isStationCodeTaken(executor: Executor, tenantId: number, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: stations.id })
    .from(stations)
    .where(and(eq(stations.tenantId, tenantId), eq(stations.code, code), exceptId ? sql`${stations.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertStation(executor: Executor, values: typeof stations.$inferInsert): Promise<StationRow> {
  return first(await executor.insert(stations).values(values).returning(), 'a row inserted into stations');
}

export async function updateStationRow(
  executor: Executor,
  scope: ServiceScope,
  stationId: number,
  values: Partial<typeof stations.$inferInsert>,
): Promise<StationRow> {
  // An update without any field (`PUT {}`) changes nothing.
  if (Object.values(values).every((value) => value === undefined)) return (await findStationRow(executor, scope, stationId)) as StationRow;
  return first(
    await executor
      .update(stations)
      .set(values)
      .where(and(scoped(scope), eq(stations.id, stationId)))
      .returning(),
    'the updated stations row',
  );
}

/** A station that customers or subscriptions point at cannot be deleted (409 protected). */
export async function isStationReferenced(executor: Executor, scope: ServiceScope, stationId: number): Promise<boolean> {
  const [row] = await selectRows<{ used: boolean }>(
    executor,
    sql`select (
      exists (select 1 from ${customers} where ${customers.tenantId} = ${scope.tenantId} and ${customers.stationId} = ${stationId})
      or exists (select 1 from ${subscriptions} where ${subscriptions.tenantId} = ${scope.tenantId} and ${subscriptions.stationId} = ${stationId})
    ) as used`,
  );
  return Boolean(row?.used);
}

export async function deleteStationRow(executor: Executor, scope: ServiceScope, stationId: number): Promise<void> {
  await executor.delete(stations).where(and(scoped(scope), eq(stations.id, stationId)));
}

/** The next free `ST-000042` code of the tenant for the new row's id. */
export function generateStationCode(executor: Executor, tenantId: number, id: number): Promise<string> {
  return generateCode(executor, stations, tenantId, 'ST', id);
}
