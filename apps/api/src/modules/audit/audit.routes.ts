import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_ENTITIES, type AuditEntry } from '@meterline/contract/audit';
import { auditEndpoints } from '@meterline/contract/endpoints/audit';
import { validationErrorSchema } from '@meterline/contract/errors';
import type { DatabaseRegistry } from '../../db/client';
import { sendList, type CsvColumn } from '../../lib/list';
import { authErrors } from '../../lib/route-schemas';
import { actorOf, tenantActorOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
import { findUserNames } from '../../scope/references';
import { findPlatformUserNames, listAuditSource, type AuditScope } from './audit.repository';

const AUDIT_CSV_COLUMNS: CsvColumn<AuditEntry>[] = [
  { header: 'id', value: (row) => row.id, numeric: true },
  { header: 'at', value: (row) => row.at },
  { header: 'actor', value: (row) => row.actor?.name ?? '' },
  { header: 'action', value: (row) => row.action },
  { header: 'entity', value: (row) => row.entity },
  { header: 'entity_id', value: (row) => row.entity_id },
  {
    header: 'changes',
    value: (row) =>
      row.changes.map((change) => `${change.field}: ${JSON.stringify(change.before)} -> ${JSON.stringify(change.after)}`).join('; '),
  },
];

/** Entities of the platform (superadmin) and of the staff, both kept in `default`. */
const PLATFORM_ENTITIES = ['tenant', 'user'];
/** Every other entity is a tenant's, kept in the tenant's database (tariffs, exchange rates, collectors' and accounts' rows included). */
const TENANT_ENTITIES = AUDIT_ENTITIES.filter((entity) => !PLATFORM_ENTITIES.includes(entity));

/**
 * `GET /api/audit/`: who changed what. A tenant's business rows live (with their audit rows) in
 * the tenant's database, its staff's in `default`: `?entity=user` reads the latter, any other
 * query the former. The superadmin reads the platform's rows (clients and their users).
 */
export async function auditRoutes(app: FastifyInstance, options: { databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { databases } = options;

  routes.route({
    ...(await routeOf(routes, auditEndpoints.list, { ...authErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const query = request.query;
      let db = databases.default;
      let scope: AuditScope;
      let names: (ids: number[]) => Promise<Map<number, string>>;
      if (actor.tenantId === null) {
        scope = { tenantId: null, entities: PLATFORM_ENTITIES };
        names = (ids) => findPlatformUserNames(databases.default, ids);
      } else {
        const tenantActor = tenantActorOf(request);
        const isStaff = query.entity === 'user';
        if (!isStaff) db = databases.get(tenantActor.dbAlias);
        scope = { tenantId: tenantActor.tenantId, entities: isStaff ? ['user'] : TENANT_ENTITIES };
        names = (ids) => findUserNames(databases.default, tenantActor.tenantId, ids);
      }
      return sendList(request, reply, db, query, listAuditSource(db, scope, query, names), {
        filename: 'history',
        columns: AUDIT_CSV_COLUMNS,
      });
    },
  });
}
