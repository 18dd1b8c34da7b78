import { and, asc, eq } from 'drizzle-orm';
import type { Service } from '@meterline/contract/services';
import type { Executor } from '../../db/client';
import { services } from '../../db/schema/index';
import { first } from '@meterline/contract/invariant';

type ServiceRow = typeof services.$inferSelect;

function toService(row: ServiceRow): Service {
  return { id: row.id, name: row.name, unit: row.unit, is_metered: row.isMetered, max_consumption_per_day: row.maxConsumptionPerDay };
}

/** The tenant's services, oldest first (the client selects the first one). */
export async function listServices(db: Executor, scope: { tenantId: number }): Promise<Service[]> {
  const rows = await db.select().from(services).where(eq(services.tenantId, scope.tenantId)).orderBy(asc(services.id));
  return rows.map(toService);
}

/** One service of the tenant, locked for the rest of the transaction (null: not the tenant's). */
export async function lockService(executor: Executor, scope: { tenantId: number }, serviceId: number): Promise<Service | null> {
  const [row] = await executor
    .select()
    .from(services)
    .where(and(eq(services.tenantId, scope.tenantId), eq(services.id, serviceId)))
    .for('update');
  return row ? toService(row) : null;
}

export async function updateServiceRow(executor: Executor, scope: { tenantId: number }, serviceId: number, values: { maxConsumptionPerDay?: string | null }): Promise<Service> {
  const row = first(await executor
    .update(services)
    .set(values)
    .where(and(eq(services.tenantId, scope.tenantId), eq(services.id, serviceId)))
    .returning(), 'the updated services row');
  return toService(row);
}
