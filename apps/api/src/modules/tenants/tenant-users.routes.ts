import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import { validationErrorSchema } from '@meterline/contract/errors';
import type { Db } from '../../db/client';
import { sendList } from '../../lib/list';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { actorOf, auditContextOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
import { USER_CSV_COLUMNS, type UserService } from '../users/index';
import type { TenantService } from './tenants.service';

/** A client's users, for the superadmin: the user service with the path's tenant as the scope. */
export async function tenantUserRoutes(app: FastifyInstance, options: { tenants: TenantService; users: UserService; db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { tenants, users } = options;
  const endpoints = tenantEndpoints;

  routes.route({
    ...(await routeOf(routes, endpoints.users, { 400: validationErrorSchema, ...readErrors })),
    handler: async (request, reply) => {
      await tenants.requireExists(request.params.id);
      return sendList(request, reply, options.db, request.query, users.listSource({ tenantId: request.params.id }, request.query), {
        filename: 'client-users',
        columns: USER_CSV_COLUMNS,
      });
    },
  });

  routes.route({
    ...(await routeOf(routes, endpoints.createUser, writeErrors)),
    handler: async (request, reply) => {
      await tenants.requireExists(request.params.id);
      const user = await users.create(actorOf(request), { tenantId: request.params.id }, request.body, auditContextOf(request));
      return reply.code(201).send(user);
    },
  });

  routes.route({
    ...(await routeOf(routes, endpoints.user, readErrors)),
    handler: async (request) => users.get({ tenantId: request.params.id }, request.params.userId),
  });

  routes.route({
    ...(await routeOf(routes, endpoints.updateUser, writeErrors)),
    handler: async (request) =>
      users.update(actorOf(request), { tenantId: request.params.id }, request.params.userId, request.body, auditContextOf(request)),
  });

  // A GET as the spec's client calls it; it changes the password, so: bearer token only, no-store, audited.
  routes.route({
    ...(await routeOf(routes, endpoints.resetUserPassword, readErrors)),
    handler: async (request, reply) => {
      const answer = await users.resetPasswordFor({ tenantId: request.params.id }, request.params.userId, auditContextOf(request));
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });
}
