import { endpoint } from '../endpoint';

const tags = ['cash'];
const schemas = () => import('../cash');

/**
 * `/api/services/{serviceId}/cash/…`: cash held per collector, its payments, the counts, performance;
 * and what a receipt's QR code opens. The receipt itself (`payments/{id}/receipt/`, a PDF or a
 * printable page, not JSON) stays a route of its own.
 */
export const cashEndpoints = {
  /**
   * One row per collector (`CashRow[]`); with `?collector=` or `?state=` the payments behind a row
   * (`CashPayment[]`): the answer is either list, the caller tells which by what it asked.
   */
  summary: endpoint({
    method: 'GET',
    path: 'services/:serviceId/cash/',
    permission: ['list', 'cash'],
    summary: 'Cash per collector (a collector: their own); ?collector=ID&state=held|handed_over lists the payments',
    tags,
    schemas: async () => {
      const { cashQuerySchema, cashListSchema } = await schemas();
      return { query: cashQuerySchema, response: cashListSchema };
    },
  }),
  handovers: endpoint({
    method: 'GET',
    path: 'services/:serviceId/cash/handovers/',
    permission: ['list', 'cash'],
    summary: 'Cash counts, newest first (?collector=&kind=shortage&date_from=&date_to=)',
    tags,
    schemas: async () => {
      const { listHandoversQuerySchema, handoverListSchema } = await schemas();
      return { query: listHandoversQuerySchema, response: handoverListSchema };
    },
  }),
  /** Accepts an Idempotency-Key header: a count sent again with its key is made once. */
  createHandover: endpoint({
    method: 'POST',
    path: 'services/:serviceId/cash/handovers/',
    permission: ['create', 'cash'],
    status: [201],
    summary: 'Count a collector’s cash: the listed held payments move to handed over; a difference is a shortage or surplus',
    tags,
    schemas: async () => {
      const { createHandoverInputSchema, handoverSchema } = await schemas();
      return { body: createHandoverInputSchema, response: handoverSchema };
    },
  }),
  performance: endpoint({
    method: 'GET',
    path: 'services/:serviceId/cash/performance/',
    permission: ['list', 'cash'],
    summary: 'Collector performance per day or month: meters read, invoices collected, amount collected, cash held',
    tags,
    schemas: async () => {
      const { performanceQuerySchema, performanceListSchema } = await schemas();
      return { query: performanceQuerySchema, response: performanceListSchema };
    },
  }),
  verification: endpoint({
    method: 'GET',
    path: 'services/:serviceId/payments/:id/verification/',
    permission: ['view', 'invoice'],
    summary: 'What a receipt’s QR code opens: the payment, its receipt number, who holds its cash, reversals',
    tags: ['payments'],
    schemas: async () => ({ response: (await schemas()).paymentVerificationSchema }),
  }),
};
