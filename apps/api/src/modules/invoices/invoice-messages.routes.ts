import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendInvoicesInputSchema, sendInvoicesResultSchema } from '@meterline/contract/invoice-messages';
import { writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import { serviceParamsSchema } from '../../scope/service-scope';
import type { InvoiceMessageService } from './invoice-messages.service';

/** `POST /api/services/{serviceId}/invoices/send/`: the billing run's "send all" through the reminder channel. */
export async function invoiceMessageRoutes(app: FastifyInstance, options: { messages: InvoiceMessageService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { messages } = options;

  routes.post(
    '/send/',
    {
      // Who runs billing runs (`manage invoice`) and sends messages to customers (`create reminder`).
      // Messages, not money: no Idempotency-Key; an invoice sent once is skipped as `already_sent`.
      config: {
        permission: [
          ['manage', 'invoice'],
          ['create', 'reminder'],
        ],
      },
      schema: {
        tags: ['invoices'],
        summary:
          "Sends each invoice (the billing run's `invoices`) to its customer through the reminder channel, in the tenant's reminder language",
        description:
          'Each invoice is `sent` or `skipped` with its reason (`already_sent`, `cancelled`, `no_phone`, `channel_failed`). An id that is not an invoice of this service is a 400 on `invoices`, before anything is sent.',
        params: serviceParamsSchema,
        body: sendInvoicesInputSchema,
        response: { 200: sendInvoicesResultSchema, ...writeErrors },
      },
    },
    async (request) => {
      const context = request.scope;
      return messages.send(context, request.body.invoices, auditContextOf(request));
    },
  );
}
