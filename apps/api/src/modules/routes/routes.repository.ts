import { and, asc, count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { formatMoneyAmount } from '@meterline/contract/money';
import {
  routeAssignmentListSpec,
  routeListSpec,
  type ListRouteAssignmentsQuery,
  type ListRoutesQuery,
  type RouteAssignment,
  type RouteCustomer,
  type RouteProgress,
  type RouteStop,
  type VisitOutcome,
} from '@meterline/contract/routes';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { buildings, customers, regions, routeAssignments, routeVisits, stations, streets, subscriptions } from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import type { ServiceScope } from '../../scope/service-scope';

export type RouteAssignmentRow = typeof routeAssignments.$inferSelect;
export type RouteVisitRow = typeof routeVisits.$inferSelect;

/** The day of a round on the tenant's calendar, and what it needs to know of the service. */
export interface RoundDay {
  collectorId: number;
  /** YYYY-MM-DD */
  date: string;
  timezone: string;
  isMetered: boolean;
  decimals: number;
}

/** Numbers inside a name compared as numbers ("Building 2" before "Building 10", Arabic-Indic digits too). */
const numberIn = (column: AnyColumn) =>
  sql`coalesce((substring(translate(${column}, '٠١٢٣٤٥٦٧٨٩', '0123456789') from '[0-9]{1,15}'))::numeric, -1)`;

/** The customers of the regions and stations assigned to the collector in this service. */
export function onRoundOf(scope: ServiceScope, collectorId: number): SQL {
  const assigned = (column: string) =>
    sql`select a.${sql.raw(column)} from route_assignments a
        where a.tenant_id = ${scope.tenantId} and a.service_id = ${scope.serviceId} and a.collector_id = ${collectorId} and a.${sql.raw(column)} is not null`;
  return sql`(${customers.regionId} in (${assigned('region_id')}) or ${customers.stationId} in (${assigned('station_id')}))`;
}

/** Customers of the round with a building (the round walks buildings), with their place. */
function roundBase(executor: Executor, scope: ServiceScope, collectorId: number, extra?: SQL) {
  return {
    where: and(eq(customers.tenantId, scope.tenantId), eq(customers.serviceId, scope.serviceId), onRoundOf(scope, collectorId), extra),
    from: <T extends Record<string, unknown>>(fields: T) =>
      executor
        .select(fields as never)
        .from(customers)
        .innerJoin(buildings, and(eq(buildings.id, customers.buildingId), eq(buildings.tenantId, customers.tenantId)))
        .innerJoin(streets, and(eq(streets.id, buildings.streetId), eq(streets.tenantId, buildings.tenantId)))
        .innerJoin(regions, and(eq(regions.id, streets.regionId), eq(regions.tenantId, streets.tenantId))),
  };
}

/** Per customer of the round: the figures of the day (one row each). */
function customerFigures(scope: ServiceScope, day: RoundDay) {
  const monthStart = `${day.date.slice(0, 7)}-01`;
  const read = sql<boolean>`exists (
    select 1 from meter_readings mr
    where mr.tenant_id = ${subscriptions.tenantId} and mr.subscription_id = ${subscriptions.id} and mr.kind = 'reading'
      and (mr.taken_at at time zone ${day.timezone})::date between ${monthStart}::date and ${day.date}::date
      and not exists (select 1 from reading_voids rv where rv.tenant_id = mr.tenant_id and rv.reading_id = mr.id)
  )`;
  const paidToday = sql<string>`coalesce((
    select sum(p.amount) from payments p
    where p.tenant_id = ${customers.tenantId} and p.customer_id = ${customers.id} and p.service_id = ${scope.serviceId}
      and (p.paid_at at time zone ${day.timezone})::date = ${day.date}::date
  ), 0)::text`;
  const lastVisit = sql`(
    select max(v.id) from route_visits v
    where v.tenant_id = ${customers.tenantId} and v.customer_id = ${customers.id} and v.service_id = ${scope.serviceId} and v.visited_on = ${day.date}::date
  )`;
  const needsReading = day.isMetered
    ? sql<boolean>`(${subscriptions.id} is not null and ${customers.status} = 'active')`
    : sql<boolean>`false`;
  return { read, paidToday, lastVisit, needsReading };
}

interface CustomerFigureRow {
  id: number;
  code: string;
  fullName: string;
  phone: string;
  floor: string;
  apartment: string;
  subscriptionId: number | null;
  counter: string | null;
  needsReading: boolean;
  read: boolean;
  balance: bigint | string;
  paidToday: string;
  outcome: string | null;
  note: string | null;
  visitedAt: Date | string | null;
}

/** The state of one customer on the day, from its figures. */
export function routeCustomerOf(row: CustomerFigureRow, decimals: number): RouteCustomer {
  const balance = BigInt(row.balance);
  const paidToday = BigInt(row.paidToday);
  const toRead = Boolean(row.needsReading) && !row.read;
  const payment = paidToday > 0n ? (balance > 0n ? 'partly_paid' : 'paid') : null;
  const toCollect = balance > 0n && payment === null;
  const outcome = (row.outcome as VisitOutcome | null) ?? null;
  return {
    customer: row.id,
    customer_code: row.code,
    customer_name: row.fullName,
    phone: row.phone,
    floor: row.floor,
    apartment: row.apartment,
    subscription: row.subscriptionId,
    counter: row.counter,
    to_read: toRead,
    read: Boolean(row.read),
    balance: formatMoneyAmount(balance, decimals),
    to_collect: toCollect,
    paid_today: formatMoneyAmount(paidToday, decimals),
    payment,
    outcome,
    note: row.note ?? '',
    visited_at: row.visitedAt === null ? null : new Date(row.visitedAt).toISOString(),
    is_done: outcome !== null || (!toRead && !toCollect),
  };
}

interface RoundCustomer {
  buildingId: number;
  balance: bigint;
  customer: RouteCustomer;
}

function progressOf(found: RoundCustomer[], decimals: number): RouteProgress {
  const due = found.reduce((sum, row) => (row.balance > 0n ? sum + row.balance : sum), 0n);
  const rows = found.map((row) => row.customer);
  return {
    customers: rows.length,
    done: rows.filter((row) => row.is_done).length,
    to_read: rows.filter((row) => row.to_read).length,
    read: rows.filter((row) => row.read).length,
    to_collect: rows.filter((row) => row.to_collect).length,
    paid: rows.filter((row) => row.payment === 'paid').length,
    partly_paid: rows.filter((row) => row.payment === 'partly_paid').length,
    absent: rows.filter((row) => row.outcome === 'absent').length,
    refused: rows.filter((row) => row.outcome === 'refused').length,
    amount_due: formatMoneyAmount(due, decimals),
  };
}

/** The customers of the round in some buildings, floor then apartment then name, with their day. */
async function findRoundCustomers(executor: Executor, scope: ServiceScope, day: RoundDay, buildingIds: number[]): Promise<RoundCustomer[]> {
  if (buildingIds.length === 0) return [];
  const figures = customerFigures(scope, day);
  const base = roundBase(executor, scope, day.collectorId, sql`${customers.buildingId} in ${buildingIds}`);
  const rows = (await base
    .from({
      buildingId: buildings.id,
      id: customers.id,
      code: customers.code,
      fullName: customers.fullName,
      phone: customers.phone,
      floor: customers.floor,
      apartment: customers.apartment,
      subscriptionId: subscriptions.id,
      counter: subscriptions.counter,
      needsReading: figures.needsReading,
      read: figures.read,
      balance: customers.balance,
      paidToday: figures.paidToday,
      outcome: routeVisits.outcome,
      note: routeVisits.note,
      visitedAt: routeVisits.visitedAt,
    })
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.tenantId, customers.tenantId),
        eq(subscriptions.customerId, customers.id),
        sql`${subscriptions.endedOn} is null`,
      ),
    )
    .leftJoin(routeVisits, and(eq(routeVisits.tenantId, customers.tenantId), sql`${routeVisits.id} = ${figures.lastVisit}`))
    .where(base.where)
    .orderBy(
      numberIn(customers.floor),
      asc(customers.floor),
      numberIn(customers.apartment),
      asc(customers.apartment),
      asc(customers.fullName),
      asc(customers.id),
    )) as unknown as (CustomerFigureRow & {
    buildingId: number;
  })[];
  return rows.map((row) => ({ buildingId: row.buildingId, balance: BigInt(row.balance), customer: routeCustomerOf(row, day.decimals) }));
}

/** A building of the round with its street and region: the columns read, the row, and the API's fields of it. */
const stopColumns = {
  id: buildings.id,
  name: buildings.name,
  streetId: streets.id,
  streetName: streets.name,
  regionId: regions.id,
  regionName: regions.name,
};
type StopRow = { id: number; name: string; streetId: number; streetName: string; regionId: number; regionName: string };

function stopOf(stop: StopRow) {
  return {
    building: stop.id,
    building_name: stop.name,
    street: stop.streetId,
    street_name: stop.streetName,
    region: stop.regionId,
    region_name: stop.regionName,
  };
}

/**
 * The buildings of the round (paginated): region, street, building, the numbers in names compared
 * as numbers; each with the progress of its customers on the day.
 */
export function listRouteStopsSource(
  executor: Executor,
  scope: ServiceScope,
  day: RoundDay,
  query: ListRoutesQuery,
): ListSource<RouteStop> {
  const base = roundBase(executor, scope, day.collectorId, searchCondition(query.search, [buildings.name, streets.name, regions.name]));
  const routeKey = sql`(${regions.name}, ${numberIn(streets.name)}, ${streets.name}, ${numberIn(buildings.name)}, ${buildings.name})`;
  const orderingFields = {
    route: routeKey,
    building_name: sql`(${numberIn(buildings.name)}, ${buildings.name})`,
    street_name: sql`(${numberIn(streets.name)}, ${streets.name})`,
    customers: sql`count(*)`,
  } satisfies Record<(typeof routeListSpec.ordering)[number], unknown>;
  const orderBy = orderByFor(query.ordering, orderingFields, routeListSpec.defaultOrdering, buildings.id);
  const grouped = () => base.from(stopColumns).where(base.where).groupBy(buildings.id, streets.id, regions.id).$dynamic();
  return {
    countQuery: () => base.from({ id: buildings.id }).where(base.where).groupBy(buildings.id).$dynamic(),
    fetchPage: async (limit, offset) => {
      const page = (await grouped()
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset)) as unknown as StopRow[];
      const byBuilding = new Map<number, RoundCustomer[]>();
      for (const row of await findRoundCustomers(
        executor,
        scope,
        day,
        page.map((stop) => stop.id),
      )) {
        byBuilding.set(row.buildingId, [...(byBuilding.get(row.buildingId) ?? []), row]);
      }
      return page.map((stop) => ({ ...stopOf(stop), progress: progressOf(byBuilding.get(stop.id) ?? [], day.decimals) }));
    },
  };
}

/** One building of the round with its customers; null when the building is not on it. */
export async function findRouteBuilding(executor: Executor, scope: ServiceScope, day: RoundDay, buildingId: number) {
  const base = roundBase(executor, scope, day.collectorId, eq(buildings.id, buildingId));
  const [stop] = (await base.from(stopColumns).where(base.where).limit(1)) as unknown as StopRow[];
  if (!stop) return null;
  const found = await findRoundCustomers(executor, scope, day, [buildingId]);
  return {
    ...stopOf(stop),
    progress: progressOf(found, day.decimals),
    customers: found.map((row) => row.customer),
  };
}

/** The customers of the round with a building: the condition on `customers` the field data of the day reads with. */
export function onRoundWithBuilding(scope: ServiceScope, collectorId: number): SQL {
  return sql`(${customers.buildingId} is not null and ${onRoundOf(scope, collectorId)})`;
}

/**
 * Every building of the round in walking order with its customers and their day: two statements,
 * whatever the size of the round (the field data kept on the phone, docs/offline.md).
 */
export async function findRoundBuildings(executor: Executor, scope: ServiceScope, day: RoundDay) {
  const base = roundBase(executor, scope, day.collectorId);
  const stops = (await base
    .from(stopColumns)
    .where(base.where)
    .groupBy(buildings.id, streets.id, regions.id)
    .orderBy(
      regions.name,
      numberIn(streets.name),
      streets.name,
      numberIn(buildings.name),
      buildings.name,
      buildings.id,
    )) as unknown as StopRow[];
  const byBuilding = new Map<number, RoundCustomer[]>();
  const found = await findRoundCustomers(
    executor,
    scope,
    day,
    stops.map((stop) => stop.id),
  );
  for (const row of found) {
    const rows = byBuilding.get(row.buildingId);
    if (rows) rows.push(row);
    else byBuilding.set(row.buildingId, [row]);
  }
  return stops.map((stop) => {
    const rows = byBuilding.get(stop.id) ?? [];
    return {
      ...stopOf(stop),
      progress: progressOf(rows, day.decimals),
      customers: rows.map((row) => row.customer),
    };
  });
}

/** The customer is on the collector's round in this service. */
export async function isOnRound(executor: Executor, scope: ServiceScope, collectorId: number, customerId: number): Promise<boolean> {
  const row = first(
    await executor
      .select({ n: count() })
      .from(customers)
      .where(
        and(
          eq(customers.tenantId, scope.tenantId),
          eq(customers.serviceId, scope.serviceId),
          eq(customers.id, customerId),
          onRoundOf(scope, collectorId),
        ),
      ),
    'the row of the count',
  );
  return Number(row.n) > 0;
}

export async function insertVisit(executor: Executor, values: typeof routeVisits.$inferInsert): Promise<RouteVisitRow> {
  return first(await executor.insert(routeVisits).values(values).returning(), 'a row inserted into routeVisits');
}

// --- Assignments -------------------------------------------------------------------------------

const assignmentScoped = (scope: ServiceScope) =>
  and(eq(routeAssignments.tenantId, scope.tenantId), eq(routeAssignments.serviceId, scope.serviceId));

export interface AssignmentListRow {
  assignment: RouteAssignmentRow;
  regionName: string | null;
  stationName: string | null;
}

function assignmentSelect(executor: Executor) {
  return executor
    .select({ assignment: routeAssignments, regionName: regions.name, stationName: stations.name })
    .from(routeAssignments)
    .leftJoin(regions, and(eq(regions.id, routeAssignments.regionId), eq(regions.tenantId, routeAssignments.tenantId)))
    .leftJoin(stations, and(eq(stations.id, routeAssignments.stationId), eq(stations.tenantId, routeAssignments.tenantId)));
}

export function listAssignmentsSource(
  executor: Executor,
  scope: ServiceScope,
  query: ListRouteAssignmentsQuery,
  toAssignment: (rows: AssignmentListRow[]) => Promise<RouteAssignment[]>,
): ListSource<RouteAssignment> {
  const where = and(assignmentScoped(scope), query.collector === undefined ? undefined : eq(routeAssignments.collectorId, query.collector));
  const orderingFields = {
    id: routeAssignments.id,
    collector: routeAssignments.collectorId,
    created_at: routeAssignments.createdAt,
  } satisfies Record<(typeof routeAssignmentListSpec.ordering)[number], unknown>;
  const orderBy = orderByFor(query.ordering, orderingFields, routeAssignmentListSpec.defaultOrdering, routeAssignments.id);
  return {
    countQuery: () => executor.select({ id: routeAssignments.id }).from(routeAssignments).where(where).$dynamic(),
    fetchPage: async (limit, offset) =>
      toAssignment(
        await assignmentSelect(executor)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      ),
  };
}

export async function findAssignment(executor: Executor, scope: ServiceScope, id: number): Promise<AssignmentListRow | null> {
  const [row] = await assignmentSelect(executor).where(and(assignmentScoped(scope), eq(routeAssignments.id, id)));
  return row ?? null;
}

export async function findAssignmentRowForUpdate(executor: Executor, scope: ServiceScope, id: number): Promise<RouteAssignmentRow | null> {
  const [row] = await executor
    .select()
    .from(routeAssignments)
    .where(and(assignmentScoped(scope), eq(routeAssignments.id, id)))
    .for('update');
  return row ?? null;
}

export async function insertAssignment(executor: Executor, values: typeof routeAssignments.$inferInsert): Promise<RouteAssignmentRow> {
  return first(await executor.insert(routeAssignments).values(values).returning(), 'a row inserted into routeAssignments');
}

export async function deleteAssignmentRow(executor: Executor, scope: ServiceScope, id: number): Promise<void> {
  await executor.delete(routeAssignments).where(and(assignmentScoped(scope), eq(routeAssignments.id, id)));
}
