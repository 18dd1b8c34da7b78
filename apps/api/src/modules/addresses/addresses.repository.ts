import { and, asc, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Building, Region, Street } from '@meterline/contract/addresses';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { buildings, customers, regions, stations, streets } from '../../db/schema/index';

export interface TenantScope {
  tenantId: number;
}

const sameName = (column: AnyColumn, name: string) => sql`lower(${column}) = lower(${name})`;

/** True when any of the (tenant, column) pairs has a row pointing at the id. */
async function isReferenced(
  db: Executor,
  references: { tenantColumn: AnyColumn; column: AnyColumn }[],
  tenantId: number,
  id: number,
): Promise<boolean> {
  for (const reference of references) {
    const [row] = await db
      .select({ found: sql<number>`1` })
      .from(reference.column.table)
      .where(and(eq(reference.tenantColumn, tenantId), eq(reference.column, id)))
      .limit(1);
    if (row) return true;
  }
  return false;
}

function exceptId(column: AnyColumn, id: number | undefined): SQL | undefined {
  return id === undefined ? undefined : ne(column, id);
}

// Regions -------------------------------------------------------------------------------------

const toRegion = (row: typeof regions.$inferSelect): Region => ({ id: row.id, name: row.name });

export async function listRegions(db: Executor, scope: TenantScope): Promise<Region[]> {
  const rows = await db.select().from(regions).where(eq(regions.tenantId, scope.tenantId)).orderBy(asc(regions.name), asc(regions.id));
  return rows.map(toRegion);
}

export async function findRegion(db: Executor, scope: TenantScope, regionId: number): Promise<Region | null> {
  const [row] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.tenantId, scope.tenantId), eq(regions.id, regionId)));
  return row ? toRegion(row) : null;
}

export async function isRegionNameTaken(db: Executor, scope: TenantScope, name: string, exceptRegionId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.tenantId, scope.tenantId), sameName(regions.name, name), exceptId(regions.id, exceptRegionId)))
    .limit(1);
  return Boolean(row);
}

export async function insertRegion(tx: Executor, scope: TenantScope, name: string): Promise<Region> {
  const row = first(await tx.insert(regions).values({ tenantId: scope.tenantId, name }).returning(), 'a row inserted into regions');
  return toRegion(row);
}

export async function updateRegion(tx: Executor, scope: TenantScope, regionId: number, name: string): Promise<Region> {
  const row = first(
    await tx
      .update(regions)
      .set({ name })
      .where(and(eq(regions.tenantId, scope.tenantId), eq(regions.id, regionId)))
      .returning(),
    'the updated regions row',
  );
  return toRegion(row);
}

export async function deleteRegion(tx: Executor, scope: TenantScope, regionId: number): Promise<void> {
  await tx.delete(regions).where(and(eq(regions.tenantId, scope.tenantId), eq(regions.id, regionId)));
}

/** Streets under it, or customers or stations at it. */
export async function isRegionUsed(db: Executor, scope: TenantScope, regionId: number): Promise<boolean> {
  return isReferenced(
    db,
    [
      { tenantColumn: streets.tenantId, column: streets.regionId },
      { tenantColumn: customers.tenantId, column: customers.regionId },
      { tenantColumn: stations.tenantId, column: stations.regionId },
    ],
    scope.tenantId,
    regionId,
  );
}

// Streets (scope: the region of the path) -------------------------------------------------------

export interface RegionScope extends TenantScope {
  regionId: number;
}

const toStreet = (row: typeof streets.$inferSelect): Street => ({ id: row.id, name: row.name, region_id: row.regionId });
const inRegion = (scope: RegionScope) => and(eq(streets.tenantId, scope.tenantId), eq(streets.regionId, scope.regionId));

export async function listStreets(db: Executor, scope: RegionScope): Promise<Street[]> {
  const rows = await db.select().from(streets).where(inRegion(scope)).orderBy(asc(streets.name), asc(streets.id));
  return rows.map(toStreet);
}

export async function findStreet(db: Executor, scope: RegionScope, streetId: number): Promise<Street | null> {
  const [row] = await db
    .select()
    .from(streets)
    .where(and(inRegion(scope), eq(streets.id, streetId)));
  return row ? toStreet(row) : null;
}

export async function isStreetNameTaken(db: Executor, scope: RegionScope, name: string, exceptStreetId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: streets.id })
    .from(streets)
    .where(and(inRegion(scope), sameName(streets.name, name), exceptId(streets.id, exceptStreetId)))
    .limit(1);
  return Boolean(row);
}

export async function insertStreet(tx: Executor, scope: RegionScope, name: string): Promise<Street> {
  const row = first(
    await tx.insert(streets).values({ tenantId: scope.tenantId, regionId: scope.regionId, name }).returning(),
    'a row inserted into streets',
  );
  return toStreet(row);
}

export async function updateStreet(tx: Executor, scope: RegionScope, streetId: number, name: string): Promise<Street> {
  const row = first(
    await tx
      .update(streets)
      .set({ name })
      .where(and(inRegion(scope), eq(streets.id, streetId)))
      .returning(),
    'the updated streets row',
  );
  return toStreet(row);
}

export async function deleteStreet(tx: Executor, scope: RegionScope, streetId: number): Promise<void> {
  await tx.delete(streets).where(and(inRegion(scope), eq(streets.id, streetId)));
}

/** Buildings on it, or customers or stations at it. */
export async function isStreetUsed(db: Executor, scope: TenantScope, streetId: number): Promise<boolean> {
  return isReferenced(
    db,
    [
      { tenantColumn: buildings.tenantId, column: buildings.streetId },
      { tenantColumn: customers.tenantId, column: customers.streetId },
      { tenantColumn: stations.tenantId, column: stations.streetId },
    ],
    scope.tenantId,
    streetId,
  );
}

// Buildings (scope: the street of the path) -----------------------------------------------------

export interface StreetScope extends TenantScope {
  streetId: number;
}

const toBuilding = (row: typeof buildings.$inferSelect): Building => ({ id: row.id, name: row.name, street_id: row.streetId });
const onStreet = (scope: StreetScope) => and(eq(buildings.tenantId, scope.tenantId), eq(buildings.streetId, scope.streetId));

export async function listBuildings(db: Executor, scope: StreetScope): Promise<Building[]> {
  const rows = await db.select().from(buildings).where(onStreet(scope)).orderBy(asc(buildings.name), asc(buildings.id));
  return rows.map(toBuilding);
}

export async function findBuilding(db: Executor, scope: StreetScope, buildingId: number): Promise<Building | null> {
  const [row] = await db
    .select()
    .from(buildings)
    .where(and(onStreet(scope), eq(buildings.id, buildingId)));
  return row ? toBuilding(row) : null;
}

export async function isBuildingNameTaken(db: Executor, scope: StreetScope, name: string, exceptBuildingId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(onStreet(scope), sameName(buildings.name, name), exceptId(buildings.id, exceptBuildingId)))
    .limit(1);
  return Boolean(row);
}

export async function insertBuilding(tx: Executor, scope: StreetScope, name: string): Promise<Building> {
  const row = first(
    await tx.insert(buildings).values({ tenantId: scope.tenantId, streetId: scope.streetId, name }).returning(),
    'a row inserted into buildings',
  );
  return toBuilding(row);
}

export async function updateBuilding(tx: Executor, scope: StreetScope, buildingId: number, name: string): Promise<Building> {
  const row = first(
    await tx
      .update(buildings)
      .set({ name })
      .where(and(onStreet(scope), eq(buildings.id, buildingId)))
      .returning(),
    'the updated buildings row',
  );
  return toBuilding(row);
}

export async function deleteBuilding(tx: Executor, scope: StreetScope, buildingId: number): Promise<void> {
  await tx.delete(buildings).where(and(onStreet(scope), eq(buildings.id, buildingId)));
}

/** Customers or stations at it. */
export async function isBuildingUsed(db: Executor, scope: TenantScope, buildingId: number): Promise<boolean> {
  return isReferenced(
    db,
    [
      { tenantColumn: customers.tenantId, column: customers.buildingId },
      { tenantColumn: stations.tenantId, column: stations.buildingId },
    ],
    scope.tenantId,
    buildingId,
  );
}
