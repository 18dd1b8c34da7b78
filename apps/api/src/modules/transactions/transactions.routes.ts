import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import {
  createTransactionInputSchema,
  invoiceStatusQuerySchema,
  invoiceStatusSummarySchema,
  listTransactionsQuerySchema,
  paginatedTransactionsSchema,
  transactionSchema,
  type Transaction,
} from '@meterline/contract/transactions';
import type { DatabaseRegistry } from '../../db/client';
import { sendList, type CsvColumn } from '../../lib/list';
import { authErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, requirePermission } from '../../plugins/request-context';
import type { Idempotency } from '../idempotency/index';
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

/** `/api/transaction/`: transactions and the invoice status summary. */
export async function transactionRoutes(
  app: FastifyInstance,
  options: { transactions: TransactionService; databases: DatabaseRegistry; idempotency: Idempotency },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { transactions, databases, idempotency } = options;
  const tags = ['transactions'];

  routes.get(
    '/transactions/',
    {
      onRequest: [app.authenticate, requirePermission('list', 'transaction')],
      schema: {
        tags,
        summary: "The tenant's transactions (paginated; ?format=csv)",
        querystring: listTransactionsQuerySchema,
        response: { 200: paginatedTransactionsSchema, ...authErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const context = await resolveTenantContext(databases, request);
      return sendList(request, reply, context.db, request.query, await transactions.listSource(context, request.query), {
        filename: 'transactions',
        columns: TRANSACTION_CSV_COLUMNS,
      });
    },
  );

  routes.post(
    '/transactions/',
    {
      onRequest: [app.authenticate, requirePermission('create', 'transaction')],
      schema: {
        tags,
        summary: 'Record a handover, expense, deposit or adjustment (accepts an Idempotency-Key header)',
        body: createTransactionInputSchema,
        response: { 201: transactionSchema, ...writeErrors, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const context = await resolveTenantContext(databases, request);
      return idempotency.run(request, reply, { db: context.db, tenantId: context.tenantId, userId: context.actor.userId }, async () => ({
        statusCode: 201,
        body: await transactions.create(context, request.body, auditContextOf(request)),
      }));
    },
  );

  routes.get(
    '/invoices/status/',
    {
      onRequest: [app.authenticate, requirePermission('list', 'transaction')],
      schema: {
        tags,
        summary: 'Invoices per status: count and total (?service=&date_from=&date_to= on issued_on)',
        querystring: invoiceStatusQuerySchema,
        response: { 200: invoiceStatusSummarySchema, ...authErrors, 400: validationErrorSchema },
      },
    },
    async (request) => transactions.invoiceStatus(await resolveTenantContext(databases, request), request.query),
  );
}
