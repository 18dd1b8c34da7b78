import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { Service } from '@meterline/contract/services';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { bundles, customers, invoices, payments, services, stations, subscriptions, tariffs, transactions } from '../../db/schema/index';

type ServiceRow = typeof services.$inferSelect;
export type ServiceValues = Partial<
  Pick<typeof services.$inferInsert, 'name' | 'nameAr' | 'unit' | 'isMetered' | 'isActive' | 'maxConsumptionPerDay'>
>;

function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    name: row.name,
    name_ar: row.nameAr,
    unit: row.unit,
    is_metered: row.isMetered,
    is_active: row.isActive,
    position: row.position,
    max_consumption_per_day: row.maxConsumptionPerDay,
  };
}

const ofTenant = (scope: { tenantId: number }, serviceId: number) => and(eq(services.tenantId, scope.tenantId), eq(services.id, serviceId));

/**
 * The tenant's services in their order (the client selects the first one); disabled ones only
 * when asked (the Services screen), so the selector never offers them.
 */
export async function listServices(
  db: Executor,
  scope: { tenantId: number },
  options: { includeInactive?: boolean } = {},
): Promise<Service[]> {
  const rows = await db
    .select()
    .from(services)
    .where(
      options.includeInactive
        ? eq(services.tenantId, scope.tenantId)
        : and(eq(services.tenantId, scope.tenantId), eq(services.isActive, true)),
    )
    .orderBy(asc(services.position), asc(services.id));
  return rows.map(toService);
}

/** One service of the tenant (null: not the tenant's, or none). */
export async function findService(db: Executor, scope: { tenantId: number }, serviceId: number): Promise<Service | null> {
  const [row] = await db.select().from(services).where(ofTenant(scope, serviceId));
  return row ? toService(row) : null;
}

/** One service of the tenant, locked for the rest of the transaction (null: not the tenant's). */
export async function lockService(executor: Executor, scope: { tenantId: number }, serviceId: number): Promise<Service | null> {
  const [row] = await executor.select().from(services).where(ofTenant(scope, serviceId)).for('update');
  return row ? toService(row) : null;
}

/** Every service of the tenant, locked in id order (a reorder, a new position). */
export async function lockTenantServices(executor: Executor, scope: { tenantId: number }): Promise<Service[]> {
  const rows = await executor.select().from(services).where(eq(services.tenantId, scope.tenantId)).orderBy(asc(services.id)).for('update');
  return rows.map(toService);
}

/** Whether another service of the tenant has this name (case and surrounding spaces ignored). */
export async function isServiceNameTaken(
  executor: Executor,
  scope: { tenantId: number },
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: services.id })
    .from(services)
    .where(
      and(
        eq(services.tenantId, scope.tenantId),
        sql`lower(trim(${services.name})) = lower(trim(${name}))`,
        exceptId === undefined ? undefined : ne(services.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A new service, placed after the others. */
export async function insertServiceRow(
  executor: Executor,
  scope: { tenantId: number },
  values: ServiceValues & { name: string },
): Promise<Service> {
  const [last] = await executor
    .select({ position: max(services.position) })
    .from(services)
    .where(eq(services.tenantId, scope.tenantId));
  const row = first(
    await executor
      .insert(services)
      .values({ ...values, tenantId: scope.tenantId, position: (last?.position ?? 0) + 1 })
      .returning(),
    'the inserted services row',
  );
  return toService(row);
}

export async function updateServiceRow(
  executor: Executor,
  scope: { tenantId: number },
  serviceId: number,
  values: ServiceValues,
): Promise<Service> {
  const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) {
    return toService(first(await executor.select().from(services).where(ofTenant(scope, serviceId)), 'the services row'));
  }
  return toService(
    first(await executor.update(services).set(changes).where(ofTenant(scope, serviceId)).returning(), 'the updated services row'),
  );
}

/** Positions 1, 2, 3... in the order of `ids` (every service of the tenant, checked by the caller). */
export async function setServicePositions(executor: Executor, scope: { tenantId: number }, ids: number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await executor
      .update(services)
      .set({ position: index + 1 })
      .where(ofTenant(scope, id));
  }
}

/** A service that holds data (customers, bundles, stations, tariffs, invoices, payments, transactions) is disabled, never deleted. */
export async function isServiceInUse(executor: Executor, scope: { tenantId: number }, serviceId: number): Promise<boolean> {
  const holds = (
    table: typeof bundles | typeof customers | typeof stations | typeof subscriptions | typeof tariffs | typeof invoices | typeof payments,
  ) => sql`exists (select 1 from ${table} where ${table.tenantId} = ${scope.tenantId} and ${table.serviceId} = ${serviceId})`;
  const [row] = await executor
    .select({
      used: sql<boolean>`(${holds(bundles)} or ${holds(customers)} or ${holds(stations)} or ${holds(subscriptions)} or ${holds(tariffs)} or ${holds(invoices)} or ${holds(payments)}
        or exists (select 1 from ${transactions} where ${transactions.tenantId} = ${scope.tenantId} and ${transactions.serviceId} = ${serviceId}))`,
    })
    .from(services)
    .where(ofTenant(scope, serviceId));
  return Boolean(row?.used);
}

export async function deleteServiceRow(executor: Executor, scope: { tenantId: number }, serviceId: number): Promise<void> {
  await executor.delete(services).where(ofTenant(scope, serviceId));
}

/** The services a new tenant starts with, in their order. */
export async function insertServices(
  executor: Executor,
  scope: { tenantId: number },
  values: (ServiceValues & { name: string; unit: string; nameAr: string; position: number })[],
): Promise<void> {
  await executor.insert(services).values(values.map((service) => ({ ...service, tenantId: scope.tenantId })));
}
