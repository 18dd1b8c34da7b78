import { endpoint } from '../endpoint';

const tags = ['payments'];
const schemas = () => import('../payments');

/** `/api/services/{serviceId}/payments/` and an invoice's payment (`invoices/{id}/create_payment/`). */
export const paymentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'services/:serviceId/payments/',
    permission: ['list', 'payment'],
    summary: 'Payments of the service (paginated; ?format=csv)',
    tags,
    schemas: async () => {
      const { listPaymentsQuerySchema, paginatedPaymentsSchema } = await schemas();
      return { query: listPaymentsQuerySchema, response: paginatedPaymentsSchema };
    },
  }),
  /** No body at all is "mark as paid", like an empty object (the route reads a missing body as `{}`). */
  payInvoice: endpoint({
    method: 'PUT',
    path: 'services/:serviceId/invoices/:id/create_payment/',
    permission: ['create', 'payment'],
    status: [201],
    summary: 'Pay an invoice: no amount pays the balance; an amount pays part; a negative amount with a reason reverses',
    tags,
    schemas: async () => {
      const { createPaymentInputSchema, paymentSchema } = await schemas();
      return { body: createPaymentInputSchema, response: paymentSchema };
    },
  }),
};
