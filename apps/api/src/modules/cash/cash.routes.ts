import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiptQuerySchema } from '@meterline/contract/cash';
import { cashEndpoints } from '@meterline/contract/endpoints/cash';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { documentReader } from '../../lib/document-format';
import { auditContextOf } from '../../plugins/request-context';
import type { Idempotency } from '../idempotency/index';
import type { PdfPrinter } from '../invoices/index';
import { routeOf } from '../../scope/endpoint-routes';
import { serviceItemParamsSchema } from '../../scope/service-scope';
import type { CashService } from './cash.service';
import { RECEIPT_PAPER } from './receipt-document';

/** `/api/services/{serviceId}/cash/`: cash held per collector, its payments, the counts, performance. */
export async function cashRoutes(app: FastifyInstance, options: { cash: CashService; idempotency: Idempotency }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { cash, idempotency } = options;

  routes.route({
    ...(await routeOf(routes, cashEndpoints.summary, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request) => cash.summary(request.scope, request.query),
  });

  routes.route({
    ...(await routeOf(routes, cashEndpoints.handovers, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request) => cash.handovers(request.scope, request.query),
  });

  const createHandover = await routeOf(routes, cashEndpoints.createHandover, { ...writeErrors, 422: errorSchema });
  routes.route({
    ...createHandover,
    schema: {
      ...createHandover.schema,
      description:
        'Accepts an Idempotency-Key header. 400 payment_not_held when a listed payment is not held by the collector in this service; 400 handover_reason_required on a difference without reason.',
    },
    handler: async (request, reply) => {
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
  });

  routes.route({
    ...(await routeOf(routes, cashEndpoints.performance, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request) => cash.performance(request.scope, request.query),
  });
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

  routes.route({
    ...(await routeOf(routes, cashEndpoints.verification, readErrors)),
    handler: async (request) => cash.verification(request.scope, request.params.id),
  });
}
