import type { Service } from '@meterline/contract/services';
import type { DatabaseRegistry } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { TenantActor } from '../../plugins/request-context';
import { recordAudit } from '../audit/audit.repository';
import type { AuditContext } from '../../plugins/request-context';
import { lockService, updateServiceRow } from './services.repository';

/**
 * A service's own settings (the daily consumption limit of its meters without amperage), changed
 * with its audit row; another tenant's service is a 404 like a missing one.
 */
export async function updateService(
  databases: DatabaseRegistry,
  actor: TenantActor,
  serviceId: number,
  input: { max_consumption_per_day?: string | null },
  audit: AuditContext,
): Promise<Service> {
  const scope = { tenantId: actor.tenantId };
  return databases.get(actor.dbAlias).transaction(async (tx) => {
    const before = await lockService(tx, scope, serviceId);
    if (!before) throw notFound();
    const limit = input.max_consumption_per_day;
    const after = limit === undefined ? before : await updateServiceRow(tx, scope, serviceId, { maxConsumptionPerDay: limit });
    await recordAudit(tx, audit, { action: 'update_service', entity: 'settings', entityId: serviceId, before, after });
    return after;
  });
}
