import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobEndpoints } from '@meterline/contract/endpoints/jobs';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import { roleJobKindPermissions } from '@meterline/contract/jobs';
import type { Db } from '../../db/client';
import { sendList } from '../../lib/list';
import { readErrors } from '../../lib/route-schemas';
import { requireAnyPermission, tenantActorOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
import type { JobService } from './jobs.service';

/**
 * `/api/jobs/` (`jobEndpoints`): the tenant's background jobs (docs/billing.md). A user sees the kinds they may start
 * (`JOB_KIND_PERMISSIONS`: any one of their rules lets a user in) and the exports they started; another tenant's job,
 * or a kind they may not see, is a 404.
 */
export async function jobRoutes(app: FastifyInstance, options: { jobs: JobService; db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { jobs, db } = options;
  const check = requireAnyPermission(...roleJobKindPermissions());

  routes.route({
    ...(await routeOf(routes, jobEndpoints.list, { ...readErrors, 400: validationErrorSchema }, { check })),
    handler: async (request, reply) => {
      const actor = tenantActorOf(request);
      return sendList(request, reply, db, request.query, jobs.listSource(actor, request.query.kind), { filename: 'jobs', columns: [] });
    },
  });

  routes.route({
    ...(await routeOf(routes, jobEndpoints.get, readErrors, { check })),
    handler: async (request) => jobs.detail(tenantActorOf(request), request.params.id),
  });

  const cancel = await routeOf(routes, jobEndpoints.cancel, { ...readErrors, 409: errorSchema }, { check });
  routes.route({
    ...cancel,
    schema: { ...cancel.schema, description: '409 job_not_active when the job has finished (done, failed or cancelled).' },
    handler: async (request) => jobs.cancel(tenantActorOf(request), request.params.id),
  });
}
