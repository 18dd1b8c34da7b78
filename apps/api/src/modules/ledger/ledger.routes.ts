import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationErrorSchema } from '@meterline/contract/errors';
import { ledgerQuerySchema, ledgerSchema } from '@meterline/contract/ledger';
import type { DatabaseRegistry } from '../../db/client';
import { readErrors } from '../../lib/route-schemas';
import { requirePermission } from '../../plugins/request-context';
import { resolveServiceContext, serviceItemParamsSchema } from '../../scope/service-scope';
import type { LedgerService } from './ledger.service';

/** `/api/services/{serviceId}/customers/{id}/ledger/`: the customer's statement of account. */
export async function ledgerRoutes(app: FastifyInstance, options: { ledger: LedgerService; databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { ledger, databases } = options;
  routes.get(
    '/:id/ledger/',
    {
      onRequest: [app.authenticate, requirePermission('list', 'invoice')],
      schema: {
        tags: ['customers'],
        summary:
          "The customer's statement of account: opening balance, every invoice, payment and reversal with the running balance, closing balance, ageing",
        params: serviceItemParamsSchema,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      return ledger.get(context, request.params.id, request.query);
    },
  );
}
