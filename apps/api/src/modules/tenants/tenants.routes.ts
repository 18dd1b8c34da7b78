import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@meterline/contract/common';
import { validationErrorSchema } from '@meterline/contract/errors';
import type { Action, Subject } from '@meterline/contract/permissions';
import {
  aliasesSchema,
  createTenantInputSchema,
  listTenantsQuerySchema,
  paginatedTenantsSchema,
  tenantSchema,
  updateTenantInputSchema,
  type Tenant,
} from '@meterline/contract/tenants';
import type { Db } from '../../db/client';
import { sendList, type CsvColumn } from '../../lib/list';
import { authErrors, readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, requirePermission } from '../../plugins/request-context';
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
  const tags = ['tenants'];
  // The permission is checked before the body is read: a refused caller learns nothing from validation.
  const allowed = (action: Action, subject: Subject) => ({ onRequest: [app.authenticate, requirePermission(action, subject)] });

  routes.get(
    '/',
    {
      ...allowed('view', 'tenants'),
      schema: {
        tags,
        summary: 'Clients (paginated, ?format=csv)',
        querystring: listTenantsQuerySchema,
        response: { 200: paginatedTenantsSchema, 400: validationErrorSchema, ...readErrors },
      },
    },
    async (request, reply) =>
      sendList(request, reply, options.db, request.query, tenants.listSource(request.query), {
        filename: 'clients',
        columns: TENANT_CSV_COLUMNS,
      }),
  );

  routes.post(
    '/',
    {
      ...allowed('create', 'tenants'),
      schema: {
        tags,
        summary: 'Create a client with its settings and services',
        body: createTenantInputSchema,
        response: { 201: tenantSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await tenants.create(request.body, auditContextOf(request))),
  );

  routes.get(
    '/aliases/',
    {
      ...allowed('view', 'tenants'),
      schema: { tags, summary: 'Configured database aliases', response: { 200: aliasesSchema, ...authErrors } },
    },
    async () => tenants.aliases(),
  );

  routes.get(
    '/:id/',
    {
      ...allowed('view', 'tenants'),
      schema: { tags, summary: 'One client', params: idParamsSchema, response: { 200: tenantSchema, ...readErrors } },
    },
    async (request) => tenants.get(request.params.id),
  );

  routes.put(
    '/:id/',
    {
      ...allowed('update', 'tenants'),
      schema: {
        tags,
        summary: 'Partial update (db_alias cannot change)',
        params: idParamsSchema,
        body: updateTenantInputSchema,
        response: { 200: tenantSchema, ...writeErrors },
      },
    },
    async (request) => tenants.update(request.params.id, request.body, auditContextOf(request)),
  );

  routes.get(
    '/:id/block/',
    {
      ...allowed('update', 'tenants'),
      schema: {
        tags,
        summary: "Block a client: its users' tokens stop working at once",
        params: idParamsSchema,
        response: { 200: tenantSchema, ...readErrors },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await tenants.block(request.params.id, auditContextOf(request))),
  );

  routes.get(
    '/:id/unblock/',
    {
      ...allowed('update', 'tenants'),
      schema: { tags, summary: 'Unblock a client', params: idParamsSchema, response: { 200: tenantSchema, ...readErrors } },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await tenants.unblock(request.params.id, auditContextOf(request))),
  );
}
