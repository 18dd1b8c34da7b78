import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@meterline/contract/common';
import { serviceSchema, updateServiceInputSchema } from '@meterline/contract/services';
import type { DatabaseRegistry } from '../../db/client';
import { authErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, requirePermission, tenantActorOf } from '../../plugins/request-context';
import { listServices } from './services.repository';
import { updateService } from './services.service';

/** `GET /services/`: a plain array for the service selector (`select service`); `PUT /services/{id}/`: its settings. */
export async function serviceRoutes(app: FastifyInstance, options: { databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/',
    {
      onRequest: [app.authenticate, requirePermission('select', 'service')],
      schema: { tags: ['services'], summary: "The caller's tenant's services", response: { 200: z.array(serviceSchema), ...authErrors } },
    },
    async (request) => {
      const actor = tenantActorOf(request);
      return listServices(options.databases.get(actor.dbAlias), { tenantId: actor.tenantId });
    },
  );

  routes.put(
    '/:id/',
    {
      onRequest: [app.authenticate, requirePermission('update', 'settings')],
      schema: {
        tags: ['services'],
        summary: "A service's own settings: the daily consumption limit where a bundle has no amperage (partial)",
        params: idParamsSchema,
        body: updateServiceInputSchema,
        response: { 200: serviceSchema, ...writeErrors },
      },
    },
    async (request) => updateService(options.databases, tenantActorOf(request), request.params.id, request.body, auditContextOf(request)),
  );
}
