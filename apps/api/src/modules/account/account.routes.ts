import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountPaymentSchema,
  bulkStatementsQuerySchema,
  createAccountPaymentInputSchema,
  createCreditNoteInputSchema,
  creditNoteListSchema,
  creditNoteSchema,
  creditRefundSchema,
  refundCreditInputSchema,
  statementQuerySchema,
} from '@meterline/contract/account';
import { idParamSchema } from '@meterline/contract/common';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import type { DatabaseRegistry } from '../../db/client';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, requirePermission } from '../../plugins/request-context';
import type { Idempotency } from '../idempotency/idempotency';
import { documentLanguage } from '../invoices/invoice-document';
import { PRINT_DESCRIPTION, sendPrinted, type PdfPrinter } from '../invoices/pdf-printer';
import { resolveServiceContext, serviceItemParamsSchema, serviceParamsSchema } from '../../scope/service-scope';
import type { AccountService } from './account.service';
import type { StatementService } from './statement.service';

const IDEMPOTENCY = 'Accepts an Idempotency-Key header (same key and body: the first answer; another body: 422; still running: 409).';

/** `/api/services/{serviceId}/customers/{id}/payments/` and `.../credit/refund/`: the customer's account. */
export async function accountRoutes(
  app: FastifyInstance,
  options: { account: AccountService; databases: DatabaseRegistry; idempotency: Idempotency },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { account, databases, idempotency } = options;
  routes.post(
    '/:id/payments/',
    {
      onRequest: [app.authenticate, requirePermission('create', 'account_payment')],
      schema: {
        tags: ['customers'],
        summary: "Pay the customer's account: oldest unpaid invoices first (or the listed allocations), the rest becomes credit",
        description: `${IDEMPOTENCY} 400 on allocations that do not fit the open invoices.`,
        params: serviceItemParamsSchema,
        body: createAccountPaymentInputSchema,
        response: { 201: accountPaymentSchema, ...writeErrors, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      return idempotency.run(
        request,
        reply,
        { db: context.db, tenantId: context.scope.tenantId, userId: context.actor.userId },
        async (ticket) => ({
          statusCode: 201,
          body: await account.pay(context, request.params.id, request.body, auditContextOf(request), ticket),
        }),
      );
    },
  );
  routes.post(
    '/:id/credit/refund/',
    {
      onRequest: [app.authenticate, requirePermission('create', 'credit_refund')],
      schema: {
        tags: ['customers'],
        summary: "Refund part or all of the customer's credit (admin), with a reason",
        description: `${IDEMPOTENCY} 400 credit_refund_exceeds_credit.`,
        params: serviceItemParamsSchema,
        body: refundCreditInputSchema,
        response: { 201: creditRefundSchema, ...writeErrors, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      return idempotency.run(
        request,
        reply,
        { db: context.db, tenantId: context.scope.tenantId, userId: context.actor.userId },
        async (ticket) => ({
          statusCode: 201,
          body: await account.refund(context, request.params.id, request.body, auditContextOf(request), ticket),
        }),
      );
    },
  );
}

/** `/api/services/{serviceId}/invoices/{id}/credit-notes/`: credit notes of an invoice. */
export async function creditNoteRoutes(
  app: FastifyInstance,
  options: { account: AccountService; databases: DatabaseRegistry; idempotency: Idempotency },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { account, databases, idempotency } = options;
  routes.post(
    '/:id/credit-notes/',
    {
      onRequest: [app.authenticate, requirePermission('create', 'credit_note')],
      schema: {
        tags: ['invoices'],
        summary:
          "Credit an invoice (lines or an amount, and a reason): lowers its balance, or becomes the customer's credit when it was paid",
        description: `${IDEMPOTENCY} Numbered CN-YYYY-NNNNNN without gaps per tenant. 409 invoice_cancelled; 400 credit_note_exceeds_invoice.`,
        params: serviceItemParamsSchema,
        body: createCreditNoteInputSchema,
        response: { 201: creditNoteSchema, ...writeErrors, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      return idempotency.run(
        request,
        reply,
        { db: context.db, tenantId: context.scope.tenantId, userId: context.actor.userId },
        async (ticket) => ({
          statusCode: 201,
          body: await account.createCreditNote(context, request.params.id, request.body, auditContextOf(request), ticket),
        }),
      );
    },
  );
  routes.get(
    '/:id/credit-notes/',
    {
      onRequest: [app.authenticate, requirePermission('list', 'invoice')],
      schema: {
        tags: ['invoices'],
        summary: 'The credit notes of an invoice',
        params: serviceItemParamsSchema,
        response: { 200: creditNoteListSchema, ...readErrors },
      },
    },
    async (request) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      return account.listCreditNotes(context, request.params.id);
    },
  );
}

/** `/api/services/{serviceId}/credit-notes/{id}/`. */
export async function creditNoteDetailRoutes(app: FastifyInstance, options: { account: AccountService; databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { account, databases } = options;
  routes.get(
    '/:id/',
    {
      onRequest: [app.authenticate, requirePermission('list', 'invoice')],
      schema: {
        tags: ['invoices'],
        summary: 'One credit note',
        params: z.object({ serviceId: idParamSchema, id: idParamSchema }),
        response: { 200: creditNoteSchema, ...readErrors },
      },
    },
    async (request) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      return account.getCreditNote(context, request.params.id);
    },
  );
}

const creditNotePrintQuerySchema = statementQuerySchema.pick({ lang: true, output: true });

/** `GET .../customers/{id}/statement/` and `GET .../statements/`: statements of account printed. */
export async function statementRoutes(
  app: FastifyInstance,
  options: { statements: StatementService; databases: DatabaseRegistry; printer: PdfPrinter },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { statements, databases, printer } = options;
  routes.get(
    '/customers/:id/statement/',
    {
      onRequest: [app.authenticate, requirePermission('list', 'invoice')],
      schema: {
        tags: ['customers'],
        summary: "The customer's statement of account printed (the ledger of the period, A4, English or Arabic, the tenant's logo)",
        description: PRINT_DESCRIPTION,
        params: serviceItemParamsSchema,
        querystring: statementQuerySchema,
        produces: ['application/pdf', 'text/html'],
        response: {
          200: z.unknown().meta({ description: 'application/pdf, or text/html without Chromium' }),
          ...readErrors,
          400: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      const language = documentLanguage(request.query.lang, request.headers['accept-language']);
      const { html, code } = await statements.one(context, request.params.id, request.query, language);
      return sendPrinted(reply, printer, { html, filename: `statement-${code}`, language, output: request.query.output });
    },
  );
  routes.get(
    '/statements/',
    {
      onRequest: [app.authenticate, requirePermission('list', 'invoice')],
      schema: {
        tags: ['customers'],
        summary: 'The statements of every customer of a station or region (or of the service) in one document, a page each',
        description: PRINT_DESCRIPTION,
        params: serviceParamsSchema,
        querystring: bulkStatementsQuerySchema,
        produces: ['application/pdf', 'text/html'],
        response: {
          200: z.unknown().meta({ description: 'application/pdf, or text/html without Chromium' }),
          ...readErrors,
          400: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      const language = documentLanguage(request.query.lang, request.headers['accept-language']);
      const { html } = await statements.bulk(context, request.query, language);
      return sendPrinted(reply, printer, { html, filename: 'statements', language, output: request.query.output });
    },
  );
}

/** `GET /api/services/{serviceId}/credit-notes/{id}/pdf/`: the credit note printed like an invoice (A4, English or Arabic). */
export async function creditNotePdfRoutes(
  app: FastifyInstance,
  options: { statements: StatementService; databases: DatabaseRegistry; printer: PdfPrinter },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { statements, databases, printer } = options;
  routes.get(
    '/:id/pdf/',
    {
      onRequest: [app.authenticate, requirePermission('view', 'invoice')],
      schema: {
        tags: ['invoices'],
        summary: "The credit note printed (A4, English or Arabic, the tenant's logo)",
        description: PRINT_DESCRIPTION,
        params: z.object({ serviceId: idParamSchema, id: idParamSchema }),
        querystring: creditNotePrintQuerySchema,
        produces: ['application/pdf', 'text/html'],
        response: {
          200: z.unknown().meta({ description: 'application/pdf, or text/html without Chromium' }),
          ...readErrors,
          400: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      const language = documentLanguage(request.query.lang, request.headers['accept-language']);
      const { html, number } = await statements.creditNote(context, request.params.id, language);
      return sendPrinted(reply, printer, { html, filename: number, language, output: request.query.output });
    },
  );
}
