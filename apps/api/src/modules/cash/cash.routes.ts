import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashListSchema,
  cashQuerySchema,
  createHandoverInputSchema,
  handoverSchema,
  listHandoversQuerySchema,
  paymentVerificationSchema,
  performanceQuerySchema,
  performanceRowSchema,
  receiptQuerySchema,
} from '@meterline/contract/cash';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { documentReader } from '../../lib/document-format';
import { auditContextOf } from '../../plugins/request-context';
import type { Idempotency } from '../idempotency/index';
import type { PdfPrinter } from '../invoices/index';
import { serviceItemParamsSchema, serviceParamsSchema } from '../../scope/service-scope';
import type { CashService } from './cash.service';
import { RECEIPT_PAPER } from './receipt-document';

/** `/api/services/{serviceId}/cash/`: cash held per collector, its payments, the counts, performance. */
export async function cashRoutes(app: FastifyInstance, options: { cash: CashService; idempotency: Idempotency }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { cash, idempotency } = options;
  const tags = ['cash'];

  routes.get(
    '/',
    {
      config: { permission: ['list', 'cash'] },
      schema: {
        tags,
        summary: 'Cash per collector (a collector: their own); ?collector=ID&state=held|handed_over lists the payments',
        params: serviceParamsSchema,
        querystring: cashQuerySchema,
        response: { 200: cashListSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request) => cash.summary(request.scope, request.query),
  );

  routes.get(
    '/handovers/',
    {
      config: { permission: ['list', 'cash'] },
      schema: {
        tags,
        summary: 'Cash counts, newest first (?collector=&kind=shortage&date_from=&date_to=)',
        params: serviceParamsSchema,
        querystring: listHandoversQuerySchema,
        response: { 200: z.array(handoverSchema), ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request) => cash.handovers(request.scope, request.query),
  );

  routes.post(
    '/handovers/',
    {
      config: { permission: ['create', 'cash'] },
      schema: {
        tags,
        summary: 'Count a collector’s cash: the listed held payments move to handed over; a difference is a shortage or surplus',
        description:
          'Accepts an Idempotency-Key header. 400 payment_not_held when a listed payment is not held by the collector in this service; 400 handover_reason_required on a difference without reason.',
        params: serviceParamsSchema,
        body: createHandoverInputSchema,
        response: { 201: handoverSchema, ...writeErrors, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      return idempotency.run(
        request,
        reply,
        { db: context.db, tenantId: context.scope.tenantId, userId: context.actor.userId },
        async (ticket) => ({
          statusCode: 201,
          body: await cash.createHandover(context, request.body, auditContextOf(request), ticket),
        }),
      );
    },
  );

  routes.get(
    '/performance/',
    {
      config: { permission: ['list', 'cash'] },
      schema: {
        tags,
        summary: 'Collector performance per day or month: meters read, invoices collected, amount collected, cash held',
        params: serviceParamsSchema,
        querystring: performanceQuerySchema,
        response: { 200: z.array(performanceRowSchema), ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request) => cash.performance(request.scope, request.query),
  );
}

/** `/api/services/{serviceId}/payments/{id}/receipt/` and `/verification/`. */
export async function paymentReceiptRoutes(app: FastifyInstance, options: { cash: CashService; printer: PdfPrinter }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { cash, printer } = options;

  routes.get(
    '/:id/receipt/',
    {
      config: { permission: ['view', 'invoice'] },
      schema: {
        tags: ['payments'],
        summary: 'The payment’s receipt: ?size=58|80|a5, ?lang=ar|en or Accept-Language; ?output=html for the printable page',
        description:
          'application/pdf printed by Chromium; with ?output=html, or where no Chromium is installed, the printable text/html page. 409 receipt_of_reversal for a reversal.',
        params: serviceItemParamsSchema,
        querystring: receiptQuerySchema,
        produces: ['application/pdf', 'text/html'],
        response: {
          200: z.unknown().meta({ description: 'application/pdf, or text/html without Chromium' }),
          ...readErrors,
          400: validationErrorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      const reader = documentReader(request, context.terms, request.query.lang);
      const { size } = request.query;
      const { html, number } = await cash.printableReceipt(context, request.params.id, reader, size, auditContextOf(request));
      const pdf = request.query.output === 'html' ? null : await printer.printPaper(html, RECEIPT_PAPER[size].widthMm);
      const filename = `receipt-${number}`;
      reply.header('cache-control', 'private, no-store').header('content-language', reader.language);
      if (!pdf)
        return reply.type('text/html; charset=utf-8').header('content-disposition', `inline; filename="${filename}.html"`).send(html);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}.pdf"`).send(pdf);
    },
  );

  routes.get(
    '/:id/verification/',
    {
      config: { permission: ['view', 'invoice'] },
      schema: {
        tags: ['payments'],
        summary: 'What a receipt’s QR code opens: the payment, its receipt number, who holds its cash, reversals',
        params: serviceItemParamsSchema,
        response: { 200: paymentVerificationSchema, ...readErrors },
      },
    },
    async (request) => cash.verification(request.scope, request.params.id),
  );
}
