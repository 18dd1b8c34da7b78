import { endpoint } from '../endpoint';

const tags = ['customers'];
const schemas = () => import('../account');

/**
 * `/api/services/{serviceId}/customers/{id}/…`: the customer's account (its ledger, a payment of
 * the account, a refund of its credit) and every customer's statements by a job. The printed
 * statement (`customers/{id}/statement/`: PDF or HTML) stays a route of its own (`account.routes.ts`).
 */
export const accountEndpoints = {
  ledger: endpoint({
    method: 'GET',
    path: 'services/:serviceId/customers/:id/ledger/',
    permission: ['list', 'invoice'],
    summary:
      "The customer's statement of account: opening balance, every invoice, payment and reversal with the running balance, closing balance, ageing",
    tags,
    schemas: async () => {
      const { ledgerQuerySchema, ledgerSchema } = await import('../ledger');
      return { query: ledgerQuerySchema, response: ledgerSchema };
    },
  }),
  pay: endpoint({
    method: 'POST',
    path: 'services/:serviceId/customers/:id/payments/',
    permission: ['create', 'account_payment'],
    status: [201],
    summary: "Pay the customer's account: oldest unpaid invoices first (or the listed allocations), the rest becomes credit",
    tags,
    schemas: async () => {
      const { accountPaymentSchema, createAccountPaymentInputSchema } = await schemas();
      return { body: createAccountPaymentInputSchema, response: accountPaymentSchema };
    },
  }),
  refundCredit: endpoint({
    method: 'POST',
    path: 'services/:serviceId/customers/:id/credit/refund/',
    permission: ['create', 'credit_refund'],
    status: [201],
    summary: "Refund part or all of the customer's credit (admin), with a reason",
    tags,
    schemas: async () => {
      const { creditRefundSchema, refundCreditInputSchema } = await schemas();
      return { body: refundCreditInputSchema, response: creditRefundSchema };
    },
  }),
  statements: endpoint({
    method: 'POST',
    path: 'services/:serviceId/statements/',
    permission: ['list', 'statement'],
    status: [202],
    summary: 'Starts the statements of every customer of a station or region (or of the service), one document, a page each',
    tags,
    schemas: async () => {
      const { bulkStatementsInputSchema, jobStartedSchema } = await import('../jobs');
      return { body: bulkStatementsInputSchema, response: jobStartedSchema };
    },
  }),
};
