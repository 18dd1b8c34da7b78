import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serviceEndpoints } from '@meterline/contract/endpoints/services';
import { can } from '@meterline/contract/permissions';
import type { DatabaseRegistry } from '../../db/client';
import { forbidden } from '../../lib/http-errors';
import { authErrors, readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, tenantActorOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
import { createServicesService } from './services.service';

/**
 * `/api/services/` (`serviceEndpoints`): the selector's plain array (`select service`), and the Services screen of
 * docs/tenants-and-settings.md (admins write, accountants read): one service, create, partial change (PUT as the
 * settings screen always called it, PATCH), reorder, and delete while it holds nothing.
 */
export async function serviceRoutes(app: FastifyInstance, options: { databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const servicesService = createServicesService(options.databases);

  routes.route({
    ...(await routeOf(routes, serviceEndpoints.list, authErrors)),
    handler: async (request) => {
      const actor = tenantActorOf(request);
      const includeInactive = request.query.include_inactive === true;
      if (includeInactive && !can(actor.role, 'list', 'service')) throw forbidden();
      return servicesService.list(actor, { includeInactive });
    },
  });

  routes.route({
    ...(await routeOf(routes, serviceEndpoints.create, writeErrors)),
    handler: async (request, reply) => {
      const created = await servicesService.create(tenantActorOf(request), request.body, auditContextOf(request));
      return reply.status(201).send(created);
    },
  });

  routes.route({
    ...(await routeOf(routes, serviceEndpoints.reorder, writeErrors)),
    handler: async (request) => servicesService.reorder(tenantActorOf(request), request.body.ids, auditContextOf(request)),
  });

  routes.route({
    ...(await routeOf(routes, serviceEndpoints.get, readErrors)),
    handler: async (request) => servicesService.get(tenantActorOf(request), request.params.id),
  });

  routes.route({
    ...(await routeOf(routes, serviceEndpoints.updateSettings, writeErrors)),
    handler: async (request) =>
      servicesService.update(tenantActorOf(request), request.params.id, request.body, auditContextOf(request), 'settings'),
  });

  routes.route({
    ...(await routeOf(routes, serviceEndpoints.update, writeErrors)),
    handler: async (request) => servicesService.update(tenantActorOf(request), request.params.id, request.body, auditContextOf(request)),
  });

  routes.route({
    ...(await routeOf(routes, serviceEndpoints.delete, writeErrors)),
    handler: async (request, reply) => {
      await servicesService.remove(tenantActorOf(request), request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });
}
