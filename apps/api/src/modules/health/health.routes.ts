import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@meterline/contract/errors';
import { liveSchema, notReadySchema, readySchema } from '@meterline/contract/health';
import { HttpError } from '../../lib/http-errors';
import type { HealthService } from './health.service';

/**
 * `/api/health/`: the probes of a process manager, a load balancer or a monitor (docs/operations.md). No
 * token, no permission of the table (listed as open in `permissions.routes.test.ts`); logged at
 * `warn` only, so a probe every few seconds does not fill the logs (a failing readiness is logged).
 */
export async function healthRoutes(app: FastifyInstance, options: { health: HealthService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operations'];

  routes.get(
    '/live',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'The process answers (no database is asked)',
        security: [],
        response: { 200: liveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  routes.get(
    '/ready',
    {
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'The process can serve: every database answers and is migrated, the job queue runs',
        description: "503 not_ready with `checks` naming the failing ones (nothing of the databases' addresses).",
        security: [],
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (request) => {
      const readiness = await options.health.ready();
      if (readiness.isReady) return { status: 'ok' as const, checks: readiness.checks };
      request.log.warn({ checks: readiness.checks, faults: readiness.faults }, 'not ready');
      throw new HttpError(503, ERROR_CODES.notReady, { extra: { checks: readiness.checks }, headers: { 'retry-after': '5' } });
    },
  );
}
