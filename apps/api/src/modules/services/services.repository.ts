import { asc, eq } from 'drizzle-orm';
import type { Service } from '@meterline/contract/services';
import type { Executor } from '../../db/client';
import { services } from '../../db/schema/index';

/** The tenant's services, oldest first (the client selects the first one). */
export async function listServices(db: Executor, scope: { tenantId: number }): Promise<Service[]> {
  const rows = await db.select().from(services).where(eq(services.tenantId, scope.tenantId)).orderBy(asc(services.id));
  return rows.map((row) => ({ id: row.id, name: row.name, unit: row.unit, is_metered: row.isMetered }));
}
