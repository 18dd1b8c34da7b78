import { endpoint } from '../endpoint';

const tags = ['transactions'];
const schemas = () => import('../transactions');

/**
 * `/api/transaction/`: the cash book (handovers, expenses, deposits, adjustments) and the invoices'
 * status summary. Outside a service's scope: `routeOf` gives each route `app.authenticate` and its
 * rule's hook. A new transaction takes an Idempotency-Key header (docs/api.md).
 */
export const transactionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'transaction/transactions/',
    permission: ['list', 'transaction'],
    summary: "The tenant's transactions (paginated; ?format=csv)",
    tags,
    schemas: async () => {
      const { listTransactionsQuerySchema, paginatedTransactionsSchema } = await schemas();
      return { query: listTransactionsQuerySchema, response: paginatedTransactionsSchema };
    },
  }),
  create: endpoint({
    method: 'POST',
    path: 'transaction/transactions/',
    permission: ['create', 'transaction'],
    status: [201],
    summary: 'Record a handover, expense, deposit or adjustment (accepts an Idempotency-Key header)',
    tags,
    schemas: async () => {
      const { createTransactionInputSchema, transactionSchema } = await schemas();
      return { body: createTransactionInputSchema, response: transactionSchema };
    },
  }),
  invoiceStatus: endpoint({
    method: 'GET',
    path: 'transaction/invoices/status/',
    permission: ['list', 'transaction'],
    summary: 'Invoices per status: count and total (?service=&date_from=&date_to= on issued_on)',
    tags,
    schemas: async () => {
      const { invoiceStatusQuerySchema, invoiceStatusSummarySchema } = await schemas();
      return { query: invoiceStatusQuerySchema, response: invoiceStatusSummarySchema };
    },
  }),
};
