import { endpoint } from '../endpoint';
import { crudEndpoints } from './crud';

/** `/api/services/{serviceId}/customers/`: list, create, one, update, delete. */
export const customerEndpoints = crudEndpoints({
  plural: 'customers',
  subject: 'customer',
  label: 'Customer',
  deleteSummary: 'Delete a customer (409 protected once invoices, payments or readings refer to it)',
  schemas: async () => {
    const schemas = await import('../customers');
    return {
      entity: schemas.customerSchema,
      paginated: schemas.paginatedCustomersSchema,
      query: schemas.listCustomersQuerySchema,
      create: schemas.createCustomerInputSchema,
      update: schemas.updateCustomerInputSchema,
    };
  },
});

const accountTags = ['customers'];
const accountSchemas = () => import('../account');

/**
 * `/api/services/{serviceId}/customers/{id}/…`: the customer's account (its ledger, a payment of the
 * account, a refund of its credit) and every customer's statements by a job; in this file, beside
 * the customers' own calls, so the customer page loads one chunk of calls (docs/performance.md). The
 * printed statement (`customers/{id}/statement/`: PDF or HTML) stays a route of its own (`account.routes.ts`).
 */
export const customerAccountEndpoints = {
  ledger: endpoint({
    method: 'GET',
    path: 'services/:serviceId/customers/:id/ledger/',
    permission: ['list', 'invoice'],
    summary:
      "The customer's statement of account: opening balance, every invoice, payment and reversal with the running balance, closing balance, ageing",
    tags: accountTags,
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
    tags: accountTags,
    schemas: async () => {
      const { accountPaymentSchema, createAccountPaymentInputSchema } = await accountSchemas();
      return { body: createAccountPaymentInputSchema, response: accountPaymentSchema };
    },
  }),
  refundCredit: endpoint({
    method: 'POST',
    path: 'services/:serviceId/customers/:id/credit/refund/',
    permission: ['create', 'credit_refund'],
    status: [201],
    summary: "Refund part or all of the customer's credit (admin), with a reason",
    tags: accountTags,
    schemas: async () => {
      const { creditRefundSchema, refundCreditInputSchema } = await accountSchemas();
      return { body: refundCreditInputSchema, response: creditRefundSchema };
    },
  }),
  statements: endpoint({
    method: 'POST',
    path: 'services/:serviceId/statements/',
    permission: ['list', 'statement'],
    status: [202],
    summary: 'Starts the statements of every customer of a station or region (or of the service), one document, a page each',
    tags: accountTags,
    schemas: async () => {
      const { bulkStatementsInputSchema, jobStartedSchema } = await import('../jobs');
      return { body: bulkStatementsInputSchema, response: jobStartedSchema };
    },
  }),
};
