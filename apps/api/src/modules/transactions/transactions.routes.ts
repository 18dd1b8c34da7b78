import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import { transactionEndpoints } from '@meterline/contract/endpoints/transactions';
import type { Transaction } from '@meterline/contract/transactions';
import type { DatabaseRegistry } from '../../db/client';
import { sendList, type CsvColumn } from '../../lib/list';
import { authErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import type { Idempotency } from '../idempotency/index';
import { routeOf } from '../../scope/endpoint-routes';
import { resolveTenantContext } from '../../scope/service-scope';
import type { TransactionService } from './transactions.service';

const TRANSACTION_CSV_COLUMNS: CsvColumn<Transaction>[] = [
  { header: 'id', value: (row) => row.id, numeric: true },
  { header: 'created_at', value: (row) => row.created_at },
  { header: 'kind', value: (row) => row.kind },
  { header: 'amount', value: (row) => row.amount, numeric: true },
  { header: 'from_user', value: (row) => row.from_user_name },
  { header: 'to_user', value: (row) => row.to_user_name },
  { header: 'description', value: (row) => row.description },
  { header: 'created_by', value: (row) => row.created_by_name },
];

/** `/api/transaction/` (`transactionEndpoints`): transactions and the invoice status summary. */
export async function transactionRoutes(
  app: FastifyInstance,
  options: { transactions: TransactionService; databases: DatabaseRegistry; idempotency: Idempotency },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { transactions, databases, idempotency } = options;

  routes.route({
    ...(await routeOf(routes, transactionEndpoints.list, { ...authErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const context = await resolveTenantContext(databases, request);
      return sendList(request, reply, context.db, request.query, await transactions.listSource(context, request.query), {
        filename: 'transactions',
        columns: TRANSACTION_CSV_COLUMNS,
      });
    },
  });

  routes.route({
    ...(await routeOf(routes, transactionEndpoints.create, { ...writeErrors, 422: errorSchema })),
    handler: async (request, reply) => {
      const context = await resolveTenantContext(databases, request);
      return idempotency.run(request, reply, { db: context.db, tenantId: context.tenantId, userId: context.actor.userId }, async () => ({
        statusCode: 201,
        body: await transactions.create(context, request.body, auditContextOf(request)),
      }));
    },
  });

  routes.route({
    ...(await routeOf(routes, transactionEndpoints.invoiceStatus, { ...authErrors, 400: validationErrorSchema })),
    handler: async (request) => transactions.invoiceStatus(await resolveTenantContext(databases, request), request.query),
  });
}
