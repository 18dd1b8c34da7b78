import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { buildings, bundles, customerImportBatches, customers, regions, stations, streets, subscriptions } from '../../db/schema/index';
import { selectRows } from '../../scope/codes';
import type { ServiceScope } from '../../scope/service-scope';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table here. */
const INSERT_BATCH = 1000;
/** Values per `IN (...)` lookup. */
const LOOKUP_BATCH = 5000;

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

/** What a row's names are resolved against: the service's bundles and stations, the tenant's addresses (one query each). */
export async function loadImportReferences(executor: Executor, scope: ServiceScope) {
  const [bundleRows, stationRows, regionRows, streetRows, buildingRows] = await Promise.all([
    executor
      .select({ id: bundles.id, name: bundles.name, isActive: bundles.isActive })
      .from(bundles)
      .where(and(eq(bundles.tenantId, scope.tenantId), eq(bundles.serviceId, scope.serviceId))),
    executor
      .select({ id: stations.id, name: stations.name })
      .from(stations)
      .where(and(eq(stations.tenantId, scope.tenantId), eq(stations.serviceId, scope.serviceId))),
    executor.select({ id: regions.id, name: regions.name }).from(regions).where(eq(regions.tenantId, scope.tenantId)),
    executor
      .select({ id: streets.id, name: streets.name, regionId: streets.regionId })
      .from(streets)
      .where(eq(streets.tenantId, scope.tenantId)),
    executor
      .select({ id: buildings.id, name: buildings.name, streetId: buildings.streetId, regionId: streets.regionId })
      .from(buildings)
      .innerJoin(streets, eq(streets.id, buildings.streetId))
      .where(eq(buildings.tenantId, scope.tenantId)),
  ]);
  return { bundles: bundleRows, stations: stationRows, regions: regionRows, streets: streetRows, buildings: buildingRows };
}
export type ImportReferences = Awaited<ReturnType<typeof loadImportReferences>>;

/** Which of these customer codes the tenant already uses. */
export async function findTakenCodes(executor: Executor, tenantId: number, codes: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const batch of chunks([...new Set(codes)], LOOKUP_BATCH)) {
    const rows = await executor
      .select({ code: customers.code })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), inArray(customers.code, batch)));
    for (const row of rows) taken.add(row.code);
  }
  return taken;
}

/** `count` ids of the customers' sequence at once, so that generated codes can carry them. */
export async function nextCustomerIds(executor: Executor, count: number): Promise<number[]> {
  const rows = await selectRows<{ id: string }>(
    executor,
    sql`select nextval(pg_get_serial_sequence('customers', 'id'))::text as id from generate_series(1, ${count}::int)`,
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/**
 * The customers as one JSON parameter per batch (`jsonb_to_recordset`): thousands of rows without
 * tens of thousands of bound parameters, several times faster than a multi-row VALUES on PGlite.
 */
export async function insertCustomers(executor: Executor, values: (typeof customers.$inferInsert)[]): Promise<void> {
  for (const batch of chunks(values, INSERT_BATCH * 5)) {
    const json = JSON.stringify(
      batch.map((row) => ({
        id: row.id,
        tenant_id: row.tenantId,
        service_id: row.serviceId,
        code: row.code,
        full_name: row.fullName,
        phone: row.phone ?? '',
        email: row.email ?? '',
        national_id: row.nationalId ?? '',
        region_id: row.regionId ?? null,
        street_id: row.streetId ?? null,
        building_id: row.buildingId ?? null,
        floor: row.floor ?? '',
        apartment: row.apartment ?? '',
        station_id: row.stationId ?? null,
        status: row.status ?? 'active',
        notes: row.notes ?? '',
        language: row.language ?? null,
        opted_out_channels: row.optedOutChannels ?? [],
        created_at: (row.createdAt ?? new Date()).toISOString(),
      })),
    );
    await executor.execute(sql`insert into ${customers}
        (id, tenant_id, service_id, code, full_name, phone, email, national_id, region_id, street_id, building_id, floor, apartment, station_id, status, notes, language, opted_out_channels, created_at, updated_at)
      select id, tenant_id, service_id, code, full_name, phone, email, national_id, region_id, street_id, building_id, floor, apartment, station_id, status, notes, language,
        array(select jsonb_array_elements_text(opted_out_channels)), created_at, created_at
        from jsonb_to_recordset(${json}::jsonb) as x(id int, tenant_id int, service_id int, code text, full_name text, phone text, email text, national_id text,
          region_id int, street_id int, building_id int, floor text, apartment text, station_id int, status text, notes text, language text,
          opted_out_channels jsonb, created_at timestamptz)`);
  }
}

export async function insertSubscriptions(executor: Executor, values: (typeof subscriptions.$inferInsert)[]): Promise<void> {
  for (const batch of chunks(values, INSERT_BATCH)) await executor.insert(subscriptions).values(batch);
}

/** The batches of an import job that committed (each with its counts): a run again skips them. */
export async function findImportedBatches(executor: Executor, tenantId: number, jobId: number) {
  return executor
    .select({
      batch: customerImportBatches.batch,
      created: customerImportBatches.created,
      subscriptions: customerImportBatches.subscriptions,
    })
    .from(customerImportBatches)
    .where(and(eq(customerImportBatches.tenantId, tenantId), eq(customerImportBatches.jobId, jobId)));
}

/** Marks a batch imported, in the batch's transaction: a second run of it breaks the key and rolls back. */
export async function insertImportedBatch(
  executor: Executor,
  values: { tenantId: number; jobId: number; batch: number; created: number; subscriptions: number },
): Promise<void> {
  await executor.insert(customerImportBatches).values(values);
}
