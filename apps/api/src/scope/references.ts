import { ERROR_CODES } from '@meterline/contract/errors';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { buildings, bundles, customers, regions, services, stations, streets, subscriptions, users } from '../db/schema/index';
import { fieldError } from '../lib/http-errors';
import { userDisplayName } from '../plugins/request-context';

/** A tenant's service: what every query of service data filters by (the request scope resolves it). */
export interface ServiceScope {
  tenantId: number;
  serviceId: number;
}

/**
 * Ids given in a body or a query: another tenant's or another service's id is a 400 on that
 * field, exactly as an id that does not exist (docs/product/domain.md).
 */
export const invalidPk = (field: string, id: number) => fieldError(field, ERROR_CODES.doesNotExist, { id });

export interface AddressIds {
  regionId: number | null;
  streetId: number | null;
  buildingId: number | null;
}

/** An update's address fields: left out keeps the stored one, `null` clears it. */
export interface AddressChange {
  region?: number | null;
  street?: number | null;
  building?: number | null;
}

/**
 * The address an update leaves (a customer's, a station's): null when it touches none of the three
 * fields. A level given clears the levels below it that were not given (a new street drops the old
 * building), then `resolveAddress` checks the triple and fills the parents.
 */
export async function resolveAddressChange(
  executor: Executor,
  tenantId: number,
  input: AddressChange,
  current: AddressIds,
): Promise<AddressIds | null> {
  const { region, street, building } = input;
  if (region === undefined && street === undefined && building === undefined) return null;
  return resolveAddress(executor, tenantId, {
    regionId: region !== undefined ? region : street !== undefined || building !== undefined ? null : current.regionId,
    streetId: street !== undefined ? street : building !== undefined ? null : current.streetId,
    buildingId: building !== undefined ? building : current.buildingId,
  });
}

/**
 * Checks a region/street/building triple of the tenant and fills the parents of the most precise
 * one given (a building alone gives its street and region). A mismatch is a 400 on the child.
 */
export async function resolveAddress(executor: Executor, tenantId: number, given: AddressIds): Promise<AddressIds> {
  let { regionId, streetId } = given;
  const { buildingId } = given;
  if (buildingId !== null) {
    const [building] = await executor
      .select({ streetId: buildings.streetId, regionId: streets.regionId })
      .from(buildings)
      .innerJoin(streets, eq(streets.id, buildings.streetId))
      .where(and(eq(buildings.tenantId, tenantId), eq(buildings.id, buildingId)));
    if (!building) throw invalidPk('building', buildingId);
    if (streetId !== null && streetId !== building.streetId) throw fieldError('building', ERROR_CODES.buildingNotOnStreet);
    if (regionId !== null && regionId !== building.regionId) throw fieldError('building', ERROR_CODES.buildingNotInRegion);
    streetId = building.streetId;
    regionId = building.regionId;
  } else if (streetId !== null) {
    const [street] = await executor
      .select({ regionId: streets.regionId })
      .from(streets)
      .where(and(eq(streets.tenantId, tenantId), eq(streets.id, streetId)));
    if (!street) throw invalidPk('street', streetId);
    if (regionId !== null && regionId !== street.regionId) throw fieldError('street', ERROR_CODES.streetNotInRegion);
    regionId = street.regionId;
  } else if (regionId !== null) {
    const [region] = await executor
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.tenantId, tenantId), eq(regions.id, regionId)));
    if (!region) throw invalidPk('region', regionId);
  }
  return { regionId, streetId, buildingId };
}

/** Query filters on addresses: each id must be the tenant's (400 on the field otherwise). */
export async function assertAddressFilters(
  executor: Executor,
  tenantId: number,
  query: { region?: number; street?: number; building?: number },
) {
  const checks: [string, number | undefined, typeof regions | typeof streets | typeof buildings][] = [
    ['region', query.region, regions],
    ['street', query.street, streets],
    ['building', query.building, buildings],
  ];
  for (const [field, id, table] of checks) {
    if (id === undefined) continue;
    const [row] = await executor
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.id, id)));
    if (!row) throw invalidPk(field, id);
  }
}

export async function assertStation(executor: Executor, scope: ServiceScope, stationId: number, field = 'station') {
  const [row] = await executor
    .select({ id: stations.id })
    .from(stations)
    .where(and(eq(stations.tenantId, scope.tenantId), eq(stations.serviceId, scope.serviceId), eq(stations.id, stationId)));
  if (!row) throw invalidPk(field, stationId);
}

export async function findScopedBundle(executor: Executor, scope: ServiceScope, bundleId: number, field = 'bundle') {
  const [row] = await executor
    .select()
    .from(bundles)
    .where(and(eq(bundles.tenantId, scope.tenantId), eq(bundles.serviceId, scope.serviceId), eq(bundles.id, bundleId)));
  if (!row) throw invalidPk(field, bundleId);
  return row;
}

export async function assertCustomer(executor: Executor, scope: ServiceScope, customerId: number, field = 'customer') {
  const [row] = await executor
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, scope.tenantId), eq(customers.serviceId, scope.serviceId), eq(customers.id, customerId)));
  if (!row) throw invalidPk(field, customerId);
}

export async function assertSubscription(executor: Executor, scope: ServiceScope, subscriptionId: number, field = 'subscription') {
  const [row] = await executor
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.tenantId, scope.tenantId), eq(subscriptions.serviceId, scope.serviceId), eq(subscriptions.id, subscriptionId)),
    );
  if (!row) throw invalidPk(field, subscriptionId);
}

export async function assertTenantService(executor: Executor, tenantId: number, serviceId: number, field = 'service') {
  const [row] = await executor
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.tenantId, tenantId), eq(services.id, serviceId)));
  if (!row) throw invalidPk(field, serviceId);
}

/** Users live in the default database: a user of the tenant, active or not (history keeps old staff). */
export async function assertTenantUser(defaultDb: Executor, tenantId: number, userId: number, field: string) {
  const [row] = await defaultDb
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  if (!row) throw invalidPk(field, userId);
}

/** Display names of staff (default database) for ids kept on tenant rows (another database). */
export async function findUserNames(
  defaultDb: Executor,
  tenantId: number,
  ids: (number | null | undefined)[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  const names = new Map<number, string>();
  if (!unique.length) return names;
  const rows = await defaultDb
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, unique)));
  for (const row of rows) names.set(row.id, userDisplayName(row));
  return names;
}
