import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationErrorSchema } from '@meterline/contract/errors';
import { ledgerQuerySchema, ledgerSchema } from '@meterline/contract/ledger';
import { readErrors } from '../../lib/route-schemas';
import { serviceItemParamsSchema } from '../../scope/service-scope';
import type { LedgerService } from './ledger.service';

/** `/api/services/{serviceId}/customers/{id}/ledger/`: the customer's statement of account. */
export async function ledgerRoutes(app: FastifyInstance, options: { ledger: LedgerService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { ledger } = options;
  routes.get(
    '/:id/ledger/',
    {
      config: { permission: ['list', 'invoice'] },
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
      const context = request.scope;
      return ledger.get(context, request.params.id, request.query);
    },
  );
}
