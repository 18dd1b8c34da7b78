import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import { validationErrorSchema } from '@meterline/contract/errors';
import type { Tenant } from '@meterline/contract/tenants';
import type { Db } from '../../db/client';
import { sendList, type CsvColumn } from '../../lib/list';
import { authErrors, readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
import type { TenantService } from './tenants.service';

export const TENANT_CSV_COLUMNS: CsvColumn<Tenant>[] = [
  { header: 'id', value: (tenant) => tenant.id, numeric: true },
  { header: 'name', value: (tenant) => tenant.name },
  { header: 'slug', value: (tenant) => tenant.slug },
  { header: 'email', value: (tenant) => tenant.email },
  { header: 'phone', value: (tenant) => tenant.phone },
  { header: 'address', value: (tenant) => tenant.address },
  { header: 'db_alias', value: (tenant) => tenant.db_alias },
  { header: 'is_blocked', value: (tenant) => tenant.is_blocked },
  { header: 'created_at', value: (tenant) => tenant.created_at },
  { header: 'users_count', value: (tenant) => tenant.users_count, numeric: true },
];

/**
 * The superadmin's tenants. Block and unblock stay GETs, as the spec's client calls them, made
 * safe: bearer token only (no cookies, so no cross-site request can send one), `no-store`, audited.
 */
export async function tenantRoutes(app: FastifyInstance, options: { tenants: TenantService; db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { tenants } = options;
  // `routeOf` checks the permission before the body is read: a refused caller learns nothing from validation.
  const endpoints = tenantEndpoints;

  routes.route({
    ...(await routeOf(routes, endpoints.list, { 400: validationErrorSchema, ...readErrors })),
    handler: async (request, reply) =>
      sendList(request, reply, options.db, request.query, tenants.listSource(request.query), {
        filename: 'clients',
        columns: TENANT_CSV_COLUMNS,
      }),
  });

  routes.route({
    ...(await routeOf(routes, endpoints.create, writeErrors)),
    handler: async (request, reply) => reply.code(201).send(await tenants.create(request.body, auditContextOf(request))),
  });

  routes.route({
    ...(await routeOf(routes, endpoints.aliases, authErrors)),
    handler: async () => tenants.aliases(),
  });

  routes.route({
    ...(await routeOf(routes, endpoints.get, readErrors)),
    handler: async (request) => tenants.get(request.params.id),
  });

  routes.route({
    ...(await routeOf(routes, endpoints.update, writeErrors)),
    handler: async (request) => tenants.update(request.params.id, request.body, auditContextOf(request)),
  });

  routes.route({
    ...(await routeOf(routes, endpoints.block, readErrors)),
    handler: async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await tenants.block(request.params.id, auditContextOf(request))),
  });

  routes.route({
    ...(await routeOf(routes, endpoints.unblock, readErrors)),
    handler: async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await tenants.unblock(request.params.id, auditContextOf(request))),
  });
}
