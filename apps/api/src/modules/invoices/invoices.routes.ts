import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import { jobStartedSchema } from '@meterline/contract/jobs';
import { invoiceEndpoints } from '@meterline/contract/endpoints/invoices';
import {
  generateInvoicesInputSchema,
  generateInvoicesQuerySchema,
  generateInvoicesResultSchema,
  invoicePrintQuerySchema,
  printInvoicesQuerySchema,
  listInvoicesQuerySchema,
  type Invoice,
} from '@meterline/contract/invoices';
import { sendList, type CsvColumn } from '../../lib/list';
import { csvList, type CsvLists } from '../../scope/csv-lists';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import type { Idempotency } from '../idempotency/index';
import type { JobService } from '../jobs/index';
import { routeOf } from '../../scope/endpoint-routes';
import { serviceItemParamsSchema, serviceParamsSchema } from '../../scope/service-scope';
import { documentReader } from '../../lib/document-format';
import type { InvoiceService } from './invoices.service';
import { sendPrinted, type PdfPrinter } from './pdf-printer';

const INVOICE_CSV_COLUMNS: CsvColumn<Invoice>[] = [
  { header: 'id', value: (row) => row.id, numeric: true },
  { header: 'number', value: (row) => row.number },
  { header: 'customer_code', value: (row) => row.customer_code },
  { header: 'customer_name', value: (row) => row.customer_name },
  { header: 'period_start', value: (row) => row.period_start },
  { header: 'period_end', value: (row) => row.period_end },
  { header: 'issued_on', value: (row) => row.issued_on },
  { header: 'due_on', value: (row) => row.due_on },
  { header: 'currency', value: (row) => row.currency },
  { header: 'subtotal', value: (row) => row.subtotal, numeric: true },
  { header: 'tax', value: (row) => row.tax, numeric: true },
  { header: 'total', value: (row) => row.total, numeric: true },
  { header: 'amount_paid', value: (row) => row.amount_paid, numeric: true },
  { header: 'balance_due', value: (row) => row.balance_due, numeric: true },
  { header: 'status', value: (row) => row.status },
  { header: 'is_overdue', value: (row) => row.is_overdue },
  { header: 'previous_reading', value: (row) => row.previous_reading, numeric: true },
  { header: 'current_reading', value: (row) => row.current_reading, numeric: true },
  { header: 'consumption', value: (row) => row.consumption, numeric: true },
];

/** The list's CSV, registered for its export job (docs/billing.md, "Exports"). */
const invoiceCsvList = (invoices: InvoiceService) =>
  csvList({
    name: 'invoices',
    permission: invoiceEndpoints.list.permission,
    query: listInvoicesQuerySchema,
    source: (context, query) => invoices.listSource(context, query),
    csv: { filename: 'invoices', columns: INVOICE_CSV_COLUMNS },
  });

/** `/api/services/{serviceId}/invoices/`: list, create, detail, cancel and the billing run. */
export async function invoiceRoutes(
  app: FastifyInstance,
  options: { invoices: InvoiceService; idempotency: Idempotency; printer: PdfPrinter; jobs: JobService; csvLists: CsvLists },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { invoices, idempotency, printer, jobs } = options;
  const tags = ['invoices'];
  const invoiceList = options.csvLists.add(invoiceCsvList(invoices));

  routes.route({
    ...(await routeOf(routes, invoiceEndpoints.list, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      return sendList(request, reply, context.db, request.query, await invoiceList.source(context, request.query), invoiceList.csv);
    },
  });

  const create = await routeOf(routes, invoiceEndpoints.create, { ...writeErrors, 422: errorSchema });
  routes.route({
    ...create,
    schema: {
      ...create.schema,
      description:
        'Accepts an Idempotency-Key header, as a payment does (same key and body: the first answer, one invoice; another body: 422; still running: 409). 409 period_already_billed when the subscription has a live invoice for the period.',
    },
    handler: async (request, reply) => {
      const context = request.scope;
      return idempotency.run(
        request,
        reply,
        { db: context.db, tenantId: context.scope.tenantId, userId: context.actor.userId },
        async (ticket) => ({
          statusCode: 201,
          body: await invoices.create(context, request.body, auditContextOf(request), ticket),
        }),
      );
    },
  });

  routes.post(
    '/generate/',
    {
      config: {
        permission: [
          ['create', 'invoice'],
          ['manage', 'invoice'],
        ],
      },
      schema: {
        tags,
        summary: 'Billing run: invoice every open subscription of the service for a period (a second run creates none)',
        description:
          '?dry_run=true counts what the run would do (created = meters it would bill, skipped = already billed), creates nothing and answers 200 with the report. ' +
          'Otherwise the run is a job: 202 {"job": {...}}, followed at GET /api/jobs/{id}/, whose result is the report; ' +
          '409 job_already_running while a billing run of the tenant is queued or running.',
        params: serviceParamsSchema,
        querystring: generateInvoicesQuerySchema,
        body: generateInvoicesInputSchema,
        response: { 200: generateInvoicesResultSchema, 202: jobStartedSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      const audit = auditContextOf(request);
      if (request.query.dry_run) return invoices.generate(context, request.body, audit, { isDryRun: true });
      // The run's checks, exactly as before (400s on the station, region and period): a dry run
      // stopped before its first candidate. The run itself is the job's.
      await invoices.generate(context, request.body, audit, { isDryRun: true, isCancelled: () => true });
      const job = await jobs.enqueue('billing_run', {
        serviceId: context.scope.serviceId,
        input: request.body,
        startedBy: { actor: context.actor, audit },
      });
      return reply.code(202).send({ job });
    },
  );

  routes.route({
    ...(await routeOf(routes, invoiceEndpoints.one, readErrors)),
    handler: async (request) => invoices.detail(request.scope, request.params.id),
  });

  routes.route({
    ...(await routeOf(routes, invoiceEndpoints.cancel, { ...writeErrors, 422: errorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      return idempotency.run(
        request,
        reply,
        { db: context.db, tenantId: context.scope.tenantId, userId: context.actor.userId },
        async () => ({
          statusCode: 200,
          body: await invoices.cancel(context, request.params.id, request.body.reason, auditContextOf(request)),
        }),
      );
    },
  });

  routes.get(
    '/print/',
    {
      config: { permission: ['list', 'invoice'] },
      schema: {
        tags,
        summary:
          "Every live invoice of a billed period (optionally of a station or region) in one document, a page each: the billing run's print all",
        description:
          'application/pdf printed by Chromium; with ?output=html, or where no Chromium is installed, the printable text/html page itself.',
        params: serviceParamsSchema,
        querystring: printInvoicesQuerySchema,
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
      const { html } = await invoices.printablePeriod(context, request.query, reader);
      const { output, format, period_start: start } = request.query;
      return sendPrinted(reply, printer, { html, filename: `invoices-${start}`, language: reader.language, output, format });
    },
  );

  routes.get(
    '/:id/pdf/',
    {
      config: { permission: ['view', 'invoice'] },
      schema: {
        tags,
        summary:
          'The invoice printed: A4, or ?format=receipt for 80 mm; ?lang=ar|en or Accept-Language; ?output=html for the printable page',
        description:
          'application/pdf printed by Chromium; with ?output=html, or where no Chromium is installed, the printable text/html page itself.',
        params: serviceItemParamsSchema,
        querystring: invoicePrintQuerySchema,
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
      const { html, number } = await invoices.printable(context, request.params.id, reader, request.query.format);
      const { output, format } = request.query;
      return sendPrinted(reply, printer, {
        html,
        filename: `${number}${format === 'receipt' ? '-receipt' : ''}`,
        language: reader.language,
        output,
        format,
      });
    },
  );
}
