import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceSchema } from '@meterline/contract/services';
import type { DatabaseRegistry } from '../../db/client';
import { authErrors } from '../../lib/route-schemas';
import { requirePermission, tenantActorOf } from '../../plugins/authenticate';
import { listServices } from './services.repository';

/** `GET /services/`: a plain array for the service selector (`select service`). */
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
}
