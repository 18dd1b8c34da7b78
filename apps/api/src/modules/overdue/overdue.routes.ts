import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationErrorSchema } from '@meterline/contract/errors';
import { disconnectionListQuerySchema, listOverdueQuerySchema, type OverdueCustomer } from '@meterline/contract/overdue';
import { overdueEndpoints } from '@meterline/contract/endpoints/overdue';
import { sendList, type CsvColumn } from '../../lib/list';
import { csvList, type CsvLists } from '../../scope/csv-lists';
import { documentReader } from '../../lib/document-format';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import { PRINT_DESCRIPTION, sendPrinted, type PdfPrinter } from '../invoices/index';
import { serviceParamsSchema } from '../../scope/service-scope';
import { routeOf } from '../../scope/endpoint-routes';
import type { DisconnectionNotices } from './disconnection-notices';
import type { OverdueService } from './overdue.service';

const OVERDUE_CSV_COLUMNS: CsvColumn<OverdueCustomer>[] = [
  { header: 'customer_code', value: (row) => row.customer_code },
  { header: 'customer_name', value: (row) => row.customer_name },
  { header: 'phone', value: (row) => row.phone },
  { header: 'days_overdue', value: (row) => row.days_overdue, numeric: true },
  { header: 'oldest_due_on', value: (row) => row.oldest_due_on },
  { header: 'overdue_invoices', value: (row) => row.overdue_invoices, numeric: true },
  { header: 'overdue_amount', value: (row) => row.overdue_amount, numeric: true },
  { header: 'last_payment_at', value: (row) => row.last_payment_at },
  { header: 'last_reminder_at', value: (row) => row.last_reminder_at },
];

/** The list's CSV, registered for its export job (docs/billing.md, "Exports"). */
const overdueCsvList = (overdue: OverdueService) =>
  csvList({
    name: 'overdue',
    permission: overdueEndpoints.list.permission,
    query: listOverdueQuerySchema,
    source: (context, query) => overdue.listSource(context, query),
    csv: { filename: 'overdue', columns: OVERDUE_CSV_COLUMNS },
  });

/** `/api/services/{serviceId}/overdue/`: customers with an overdue balance (paginated; ?format=csv). */
export async function overdueRoutes(
  app: FastifyInstance,
  options: { overdue: OverdueService; printer: PdfPrinter; csvLists: CsvLists; notices: DisconnectionNotices },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { overdue, printer } = options;
  const overdueList = options.csvLists.add(overdueCsvList(overdue));

  routes.route({
    ...(await routeOf(routes, overdueEndpoints.list, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      return sendList(request, reply, context.db, request.query, await overdueList.source(context, request.query), overdueList.csv);
    },
  });

  // Messages, not money: no Idempotency-Key; a second reminder within the cooldown is skipped instead.
  const remind = await routeOf(routes, overdueEndpoints.remind, writeErrors);
  routes.route({
    ...remind,
    schema: {
      ...remind.schema,
      description:
        'Each customer is `sent` or `skipped` with its reason (`no_phone`, `not_overdue`, `recently_reminded` within the cooldown, `channel_failed`). An id that is not a customer of this service is a 400 on `customers`.',
    },
    handler: async (request) => overdue.remind(request.scope, request.body.customers, auditContextOf(request)),
  });

  // Messages, not money: no Idempotency-Key; a customer's notice for one overdue episode is queued once.
  routes.route({
    ...(await routeOf(routes, overdueEndpoints.disconnectionNotices, writeErrors)),
    handler: async (request) => options.notices.send(request.scope, request.body.customers),
  });

  routes.get(
    '/disconnection-list/',
    {
      config: { permission: ['list', 'invoice'] },
      schema: {
        tags: ['overdue'],
        summary:
          "The disconnection list printed: customers overdue at least ?min_days= days (the tenant's `disconnection_after_days` by default), A4 landscape, English or Arabic",
        description: PRINT_DESCRIPTION,
        params: serviceParamsSchema,
        querystring: disconnectionListQuerySchema,
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
      const { html } = await overdue.disconnectionList(context, request.query, reader);
      return sendPrinted(reply, printer, { html, filename: 'disconnection-list', language: reader.language, output: request.query.output });
    },
  );
}
