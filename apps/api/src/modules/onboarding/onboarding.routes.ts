import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onboardingSchema } from '@meterline/contract/onboarding';
import type { DatabaseRegistry, Db } from '../../db/client';
import { readErrors } from '../../lib/route-schemas';
import { requirePermission, tenantActorOf } from '../../plugins/request-context';
import { createOnboardingService } from './onboarding.service';

/** `GET /api/onboarding/`: the setup checklist of the caller's tenant (admins). */
export async function onboardingRoutes(app: FastifyInstance, options: { databases: DatabaseRegistry; db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onboarding = createOnboardingService({ defaultDb: options.db });
  routes.get(
    '/',
    {
      onRequest: [app.authenticate, requirePermission('view', 'onboarding')],
      schema: {
        tags: ['onboarding'],
        summary:
          'The setup checklist of a new client: each item done when its data exists (company, currency and tax, services, bundles, stations, addresses, staff, customers)',
        response: { 200: onboardingSchema, ...readErrors },
      },
    },
    async (request) => {
      const actor = tenantActorOf(request);
      return onboarding.checklist(options.databases.get(actor.dbAlias), actor);
    },
  );
}
