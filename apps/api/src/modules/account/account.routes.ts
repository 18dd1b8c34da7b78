import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_BULK_STATEMENTS, statementQuerySchema } from '@meterline/contract/account';
import { customerAccountEndpoints } from '@meterline/contract/endpoints/customers';
import { invoiceEndpoints } from '@meterline/contract/endpoints/invoices';
import { idParamSchema } from '@meterline/contract/common';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import { jobFileQuerySchema } from '@meterline/contract/jobs';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { documentReader } from '../../lib/document-format';
import { auditContextOf, requirePermission, tenantActorOf } from '../../plugins/request-context';
import type { Idempotency } from '../idempotency/index';
import type { JobService } from '../jobs/index';
import { documentLanguage, PRINT_DESCRIPTION, sendPrinted, type PdfPrinter } from '../invoices/index';
import { routeOf } from '../../scope/endpoint-routes';
import { serviceItemParamsSchema } from '../../scope/service-scope';
import type { AccountService } from './account.service';
import type { StatementService } from './statement.service';
import type { StatementsJobInput } from './statements-job';

const IDEMPOTENCY = 'Accepts an Idempotency-Key header (same key and body: the first answer; another body: 422; still running: 409).';

/** `/api/services/{serviceId}/customers/{id}/payments/` and `.../credit/refund/`: the customer's account. */
export async function accountRoutes(app: FastifyInstance, options: { account: AccountService; idempotency: Idempotency }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { account, idempotency } = options;
  const pay = await routeOf(routes, customerAccountEndpoints.pay, { ...writeErrors, 422: errorSchema });
  routes.route({
    ...pay,
    schema: { ...pay.schema, description: `${IDEMPOTENCY} 400 on allocations that do not fit the open invoices.` },
    handler: async (request, reply) => {
      const context = request.scope;
      return idempotency.run(
        request,
        reply,
        { db: context.db, tenantId: context.scope.tenantId, userId: context.actor.userId },
        async (ticket) => ({
          statusCode: 201,
          body: await account.pay(context, request.params.id, request.body, auditContextOf(request), ticket),
        }),
        // The payment claims the key in its own read: one round trip (docs/money-and-numbering.md, "Payments").
        { claimInWrite: true },
      );
    },
  });
  const refund = await routeOf(routes, customerAccountEndpoints.refundCredit, { ...writeErrors, 422: errorSchema });
  routes.route({
    ...refund,
    schema: { ...refund.schema, description: `${IDEMPOTENCY} 400 credit_refund_exceeds_credit.` },
    handler: async (request, reply) => {
      const context = request.scope;
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
  });
}

/** `/api/services/{serviceId}/invoices/{id}/credit-notes/`: credit notes of an invoice. */
export async function creditNoteRoutes(app: FastifyInstance, options: { account: AccountService; idempotency: Idempotency }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { account, idempotency } = options;
  const create = await routeOf(routes, invoiceEndpoints.createCreditNote, { ...writeErrors, 422: errorSchema });
  routes.route({
    ...create,
    schema: {
      ...create.schema,
      description: `${IDEMPOTENCY} Numbered CN-YYYY-NNNNNN without gaps per tenant. 409 invoice_cancelled; 400 credit_note_exceeds_invoice.`,
    },
    handler: async (request, reply) => {
      const context = request.scope;
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
  });
  routes.route({
    ...(await routeOf(routes, invoiceEndpoints.creditNotes, readErrors)),
    handler: async (request) => account.listCreditNotes(request.scope, request.params.id),
  });
}

/** `/api/services/{serviceId}/credit-notes/{id}/`. */
export async function creditNoteDetailRoutes(app: FastifyInstance, options: { account: AccountService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { account } = options;
  routes.route({
    ...(await routeOf(routes, invoiceEndpoints.creditNote, readErrors)),
    handler: async (request) => account.getCreditNote(request.scope, request.params.id),
  });
}

const creditNotePrintQuerySchema = statementQuerySchema.pick({ lang: true, output: true });

/** `GET .../customers/{id}/statement/` printed, and `POST .../statements/`: every customer's, by a job (docs/accounts.md, "Statements"). */
export async function statementRoutes(
  app: FastifyInstance,
  options: { statements: StatementService; printer: PdfPrinter; jobs: JobService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { statements, printer, jobs } = options;
  routes.get(
    '/customers/:id/statement/',
    {
      config: { permission: ['list', 'invoice'] },
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
      const context = request.scope;
      const reader = documentReader(request, context.terms, request.query.lang);
      const { html, code } = await statements.one(context, request.params.id, request.query, reader);
      return sendPrinted(reply, printer, { html, filename: `statement-${code}`, language: reader.language, output: request.query.output });
    },
  );
  const bulk = await routeOf(routes, customerAccountEndpoints.statements, writeErrors);
  routes.route({
    ...bulk,
    schema: {
      ...bulk.schema,
      description:
        `A job: 202 {"job": {...}}; when done, GET /api/jobs/{id}/file/ serves the document. At most ${MAX_BULK_STATEMENTS} customers ` +
        '(400 max_items beyond); admins and accountants only; 409 job_already_running while one is queued or running.',
    },
    handler: async (request, reply) => {
      const context = request.scope;
      const { lang, ...filters } = request.body;
      // Checked now (400s, the cap), so a bad request never becomes a failed job.
      await statements.bulkCustomers(context, filters);
      const job = await jobs.enqueue<StatementsJobInput>('statements', {
        serviceId: context.scope.serviceId,
        input: { ...filters, ...documentReader(request, context.terms, lang) },
        startedBy: { actor: context.actor, audit: auditContextOf(request) },
      });
      return reply.code(202).send({ job });
    },
  });
}

/** `GET /api/services/{serviceId}/credit-notes/{id}/pdf/`: the credit note printed like an invoice (A4, English or Arabic). */
export async function creditNotePdfRoutes(app: FastifyInstance, options: { statements: StatementService; printer: PdfPrinter }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { statements, printer } = options;
  routes.get(
    '/:id/pdf/',
    {
      config: { permission: ['view', 'invoice'] },
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
      const context = request.scope;
      const reader = documentReader(request, context.terms, request.query.lang);
      const { html, number } = await statements.creditNote(context, request.params.id, reader);
      return sendPrinted(reply, printer, { html, filename: number, language: reader.language, output: request.query.output });
    },
  );
}

/**
 * `GET /api/jobs/{id}/file/`: a done statements job's document, printed like every document
 * (`sendPrinted`, in the language the job was started with); 409 job_not_done before.
 */
export async function jobDocumentRoutes(app: FastifyInstance, options: { jobs: JobService; printer: PdfPrinter }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { jobs, printer } = options;
  const tags = ['jobs'];
  routes.get(
    '/:id/file/',
    {
      onRequest: [app.authenticate, requirePermission('list', 'statement')],
      schema: {
        tags,
        summary: "A done job's document (the bulk statements), printed; 409 job_not_done before",
        description: PRINT_DESCRIPTION,
        params: z.object({ id: idParamSchema }),
        querystring: jobFileQuerySchema,
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
      const { job, html } = await jobs.document(tenantActorOf(request), request.params.id);
      const result = job.result as { language?: unknown } | null;
      const language = documentLanguage(typeof result?.language === 'string' ? result.language : undefined, undefined);
      return sendPrinted(reply, printer, { html, filename: `${job.kind}-${job.id}`, language, output: request.query.output });
    },
  );
}
