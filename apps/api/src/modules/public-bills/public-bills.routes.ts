import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@meterline/contract/errors';
import { publicBillEndpoints } from '@meterline/contract/endpoints/public-bills';
import type { Limiter } from '../../lib/throttle';
import { writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import { publicRouteOf, routeOf } from '../../scope/endpoint-routes';
import type { PublicBillService } from './public-bills.service';

/**
 * `GET /api/public/bills/{token}/`: the public page's data, without signing in. The signed token is
 * the permission; each client address may ask `limiter`'s number of times a minute (429 beyond).
 * The app's headers apply (CSP, no framing, no referrer, `no-store`: docs/security.md).
 */
export async function publicBillRoutes(app: FastifyInstance, options: { publicBills: PublicBillService; limiter: Limiter }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...(await publicRouteOf(routes, publicBillEndpoints.get, { 404: errorSchema, 429: errorSchema })),
    onRequest: async (request) => {
      await options.limiter.consume(request.ip);
    },
    handler: async (request) => options.publicBills.bill(request.params.token),
  });
}

/** `POST /api/services/{serviceId}/customers/{id}/public-link/`: a new link (permission `update customer`). */
export async function publicLinkRoutes(app: FastifyInstance, options: { publicBills: PublicBillService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.route({
    ...(await routeOf(routes, publicBillEndpoints.renew, writeErrors)),
    handler: async (request) => options.publicBills.renew(request.scope, request.params.id, auditContextOf(request)),
  });
}
