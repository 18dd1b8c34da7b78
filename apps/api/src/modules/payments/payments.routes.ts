import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import { paymentEndpoints } from '@meterline/contract/endpoints/payments';
import { listPaymentsQuerySchema, type Payment } from '@meterline/contract/payments';
import { sendList, type CsvColumn } from '../../lib/list';
import { csvList, type CsvLists } from '../../scope/csv-lists';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { actorNameOf, auditContextOf } from '../../plugins/request-context';
import type { Idempotency } from '../idempotency/index';
import { routeOf } from '../../scope/endpoint-routes';
import type { ServiceContext } from '../../scope/service-scope';
import type { PaymentService } from './payments.service';

const PAYMENT_CSV_COLUMNS: CsvColumn<Payment>[] = [
  { header: 'id', value: (row) => row.id, numeric: true },
  { header: 'paid_at', value: (row) => row.paid_at },
  { header: 'invoice_number', value: (row) => row.invoice_number },
  { header: 'customer_name', value: (row) => row.customer_name },
  { header: 'amount', value: (row) => row.amount, numeric: true },
  { header: 'method', value: (row) => row.method },
  { header: 'reference', value: (row) => row.reference },
  { header: 'received_by', value: (row) => row.received_by_name },
  { header: 'note', value: (row) => row.note },
  { header: 'reason', value: (row) => row.reason },
  { header: 'reverses', value: (row) => row.reverses, numeric: true },
];

/** The list's CSV, registered for its export job (docs/billing.md, "Exports"). */
const paymentCsvList = (payments: PaymentService) =>
  csvList({
    name: 'payments',
    permission: paymentEndpoints.list.permission,
    query: listPaymentsQuerySchema,
    source: (context, query) => payments.listSource(context, query),
    csv: { filename: 'payments', columns: PAYMENT_CSV_COLUMNS },
  });

/** `GET /api/services/{serviceId}/payments/`. */
export async function paymentRoutes(app: FastifyInstance, options: { payments: PaymentService; csvLists: CsvLists }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { payments } = options;
  const paymentList = options.csvLists.add(paymentCsvList(payments));
  routes.route({
    ...(await routeOf(routes, paymentEndpoints.list, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      return sendList(request, reply, context.db, request.query, await paymentList.source(context, request.query), paymentList.csv);
    },
  });
}

/** Runs `work` once the answer is sent (or the connection closed), in a later turn of the event loop. */
function afterAnswer(reply: FastifyReply, work: () => Promise<void>): void {
  let isDone = false;
  const run = () => {
    if (isDone) return;
    isDone = true;
    setImmediate(() => void work());
  };
  reply.raw.once('finish', run);
  reply.raw.once('close', run);
}

/** `PUT /api/services/{serviceId}/invoices/{id}/create_payment/`: mark as paid, partial payment, reversal. */
export async function invoicePaymentRoutes(
  app: FastifyInstance,
  options: {
    payments: PaymentService;
    idempotency: Idempotency;
    /** After the payment committed: its receipt message queued (docs/notifications.md); never fails the payment. */
    receipts?: { paymentRecorded(context: ServiceContext, paymentId: number): Promise<void> };
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { payments, idempotency } = options;
  const pay = await routeOf(routes, paymentEndpoints.payInvoice, { ...writeErrors, 422: errorSchema });
  routes.route({
    ...pay,
    schema: {
      ...pay.schema,
      description:
        'Accepts an Idempotency-Key header (same key and body: the first answer; another body: 422; still running: 409). 400 on overpaying; 409 invoice_already_paid; 409 invoice_cancelled.',
      // No body at all is "mark as paid", like an empty object.
      body: z.preprocess((value) => value ?? {}, pay.schema.body),
    },
    handler: async (request, reply) => {
      const context = request.scope;
      return idempotency.run(
        request,
        reply,
        { db: context.db, tenantId: context.scope.tenantId, userId: context.actor.userId },
        async (ticket) => {
          const payment = await payments.create(
            context,
            request.params.id,
            request.body,
            auditContextOf(request),
            ticket,
            actorNameOf(request),
          );
          // After the answer went out (the payment committed with it): the receipt message, off the payment's path
          // (a payment stays one round trip, payments.statements.test.ts) and never failing it.
          const { receipts } = options;
          if (receipts) afterAnswer(reply, () => receipts.paymentRecorded(context, payment.id));
          return { statusCode: 201, body: payment };
        },
        // The payment claims the key in its own read: one round trip (docs/money-and-numbering.md, "Payments").
        { claimInWrite: true },
      );
    },
  });
}
