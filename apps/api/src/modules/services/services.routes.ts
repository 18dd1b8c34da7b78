import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@meterline/contract/common';
import { can } from '@meterline/contract/permissions';
import {
  createServiceInputSchema,
  listServicesQuerySchema,
  reorderServicesInputSchema,
  serviceSchema,
  updateServiceInputSchema,
} from '@meterline/contract/services';
import type { DatabaseRegistry } from '../../db/client';
import { forbidden } from '../../lib/http-errors';
import { authErrors, noContent, readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, requirePermission, tenantActorOf } from '../../plugins/request-context';
import { createServicesService } from './services.service';

/**
 * `/api/services/`: the selector's plain array (`select service`), and the Services screen of
 * docs/tenants-and-settings.md (admins write, accountants read): one service, create, partial change (PUT as the
 * settings screen always called it, PATCH), reorder, and delete while it holds nothing.
 */
export async function serviceRoutes(app: FastifyInstance, options: { databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const servicesService = createServicesService(options.databases);

  routes.get(
    '/',
    {
      onRequest: [app.authenticate, requirePermission('select', 'service')],
      schema: {
        tags: ['services'],
        summary: "The caller's tenant's active services in their order; ?include_inactive=true (list service) adds the disabled ones",
        querystring: listServicesQuerySchema,
        response: { 200: z.array(serviceSchema), ...authErrors },
      },
    },
    async (request) => {
      const actor = tenantActorOf(request);
      const includeInactive = request.query.include_inactive === true;
      if (includeInactive && !can(actor.role, 'list', 'service')) throw forbidden();
      return servicesService.list(actor, { includeInactive });
    },
  );

  routes.post(
    '/',
    {
      onRequest: [app.authenticate, requirePermission('create', 'service')],
      schema: {
        tags: ['services'],
        summary: 'A new service, placed last',
        body: createServiceInputSchema,
        response: { 201: serviceSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const created = await servicesService.create(tenantActorOf(request), request.body, auditContextOf(request));
      return reply.status(201).send(created);
    },
  );

  routes.post(
    '/reorder/',
    {
      onRequest: [app.authenticate, requirePermission('update', 'service')],
      schema: {
        tags: ['services'],
        summary: 'The new order: every service of the tenant (disabled ones too) once each; answers them all in that order',
        body: reorderServicesInputSchema,
        response: { 200: z.array(serviceSchema), ...writeErrors },
      },
    },
    async (request) => servicesService.reorder(tenantActorOf(request), request.body.ids, auditContextOf(request)),
  );

  routes.get(
    '/:id/',
    {
      onRequest: [app.authenticate, requirePermission('list', 'service')],
      schema: {
        tags: ['services'],
        summary: 'One service, active or disabled',
        params: idParamsSchema,
        response: { 200: serviceSchema, ...readErrors },
      },
    },
    async (request) => servicesService.get(tenantActorOf(request), request.params.id),
  );

  routes.put(
    '/:id/',
    {
      onRequest: [app.authenticate, requirePermission('update', 'service')],
      schema: {
        tags: ['services'],
        summary: "A service's settings, partial (the settings screen's daily consumption limit; the Services screen's fields too)",
        params: idParamsSchema,
        body: updateServiceInputSchema,
        response: { 200: serviceSchema, ...writeErrors },
      },
    },
    async (request) => servicesService.update(tenantActorOf(request), request.params.id, request.body, auditContextOf(request), 'settings'),
  );

  routes.patch(
    '/:id/',
    {
      onRequest: [app.authenticate, requirePermission('update', 'service')],
      schema: {
        tags: ['services'],
        summary: 'Rename, set the unit and metered, disable or enable a service (partial)',
        params: idParamsSchema,
        body: updateServiceInputSchema,
        response: { 200: serviceSchema, ...writeErrors },
      },
    },
    async (request) => servicesService.update(tenantActorOf(request), request.params.id, request.body, auditContextOf(request)),
  );

  routes.delete(
    '/:id/',
    {
      onRequest: [app.authenticate, requirePermission('delete', 'service')],
      schema: {
        tags: ['services'],
        summary:
          'Delete a service that holds nothing (409 protected once it has customers, bundles, stations, tariffs or money: disable it instead)',
        params: idParamsSchema,
        response: { 204: noContent, ...writeErrors },
      },
    },
    async (request, reply) => {
      await servicesService.remove(tenantActorOf(request), request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
}
