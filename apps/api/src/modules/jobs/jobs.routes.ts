import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@meterline/contract/common';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import { jobSchema, listJobsQuerySchema, paginatedJobsSchema, roleJobKindPermissions } from '@meterline/contract/jobs';
import type { Db } from '../../db/client';
import { sendList } from '../../lib/list';
import { readErrors } from '../../lib/route-schemas';
import { requireAnyPermission, tenantActorOf } from '../../plugins/request-context';
import type { JobService } from './jobs.service';

const jobParamsSchema = z.object({ id: idParamSchema });

/**
 * `/api/jobs/`: the tenant's background jobs (docs/billing.md). A user sees the kinds they may start
 * (`JOB_KIND_PERMISSIONS`) and the exports they started; another tenant's job, or a kind they may not see, is a 404.
 */
export async function jobRoutes(app: FastifyInstance, options: { jobs: JobService; db: Db }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { jobs, db } = options;
  const tags = ['jobs'];
  const mayStartAnyKind = requireAnyPermission(...roleJobKindPermissions());

  routes.get(
    '/',
    {
      onRequest: [app.authenticate, mayStartAnyKind],
      schema: {
        tags,
        summary: "The tenant's jobs of the kinds the caller may start, newest first (paginated)",
        querystring: listJobsQuerySchema,
        response: { 200: paginatedJobsSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = tenantActorOf(request);
      return sendList(request, reply, db, request.query, jobs.listSource(actor, request.query.kind), { filename: 'jobs', columns: [] });
    },
  );

  routes.get(
    '/:id/',
    {
      onRequest: [app.authenticate, mayStartAnyKind],
      schema: {
        tags,
        summary: 'One job: its state, progress ({done, total}) and, once done, its result',
        params: jobParamsSchema,
        response: { 200: jobSchema, ...readErrors },
      },
    },
    async (request) => jobs.detail(tenantActorOf(request), request.params.id),
  );

  routes.post(
    '/:id/cancel/',
    {
      onRequest: [app.authenticate, mayStartAnyKind],
      schema: {
        tags,
        summary: 'Cancel a queued or running job: it stops at its next batch (what it did stays done)',
        description: '409 job_not_active when the job has finished (done, failed or cancelled).',
        params: jobParamsSchema,
        response: { 200: jobSchema, ...readErrors, 409: errorSchema },
      },
    },
    async (request) => jobs.cancel(tenantActorOf(request), request.params.id),
  );
}
