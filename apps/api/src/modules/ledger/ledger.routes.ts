import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerAccountEndpoints } from '@meterline/contract/endpoints/customers';
import { validationErrorSchema } from '@meterline/contract/errors';
import { readErrors } from '../../lib/route-schemas';
import { routeOf } from '../../scope/endpoint-routes';
import type { LedgerService } from './ledger.service';

/** `/api/services/{serviceId}/customers/{id}/ledger/`: the customer's statement of account. */
export async function ledgerRoutes(app: FastifyInstance, options: { ledger: LedgerService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { ledger } = options;
  routes.route({
    ...(await routeOf(routes, customerAccountEndpoints.ledger, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request) => ledger.get(request.scope, request.params.id, request.query),
  });
}
