import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES, errorSchema } from '@meterline/contract/errors';
import { notFound, unauthorized } from '../lib/http-errors';
import type { Metrics } from '../lib/metrics';
import { bearerToken } from './authenticate';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The route's pattern (`/api/services/:serviceId/invoices/`), never the URL: its ids would make a series each. */
function routeLabel(request: FastifyRequest): string {
  if (!request.url.startsWith('/api/')) return 'web';
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Prometheus metrics (docs/operations.md): every answer is counted by route pattern and status, with its
 * latency, and `GET /api/metrics` answers the text format to `Authorization: Bearer
 * <METRICS_TOKEN>` only (compared in constant time). Without METRICS_TOKEN nothing is measured and
 * the route answers 404, like a missing one.
 */
async function metricsPlugin(app: FastifyInstance, options: { token: string | null; metrics: Metrics | null }) {
  const { metrics } = options;
  const expected = options.token ? digest(options.token) : null;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    });
  }

  app.get(
    '/api/metrics',
    {
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (text format), with the bearer token METRICS_TOKEN',
        description: '404 when METRICS_TOKEN is not set. With several processes, the sum of every process.',
        response: { 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      if (!metrics || !expected) throw notFound();
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      // Digests of equal length: the comparison takes as long whatever the token's length.
      if (!timingSafeEqual(digest(token), expected)) throw unauthorized(ERROR_CODES.tokenNotValid);
      const text = await metrics.exposition();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}

export const prometheusMetrics = fp(metricsPlugin, { name: 'metrics' });
