import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { ERROR_CODES, errorSchema } from '@meterline/contract/errors';
import { jobStartedSchema } from '@meterline/contract/jobs';
import {
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_MAX_BYTES,
  customerImportPreviewSchema,
  customerImportQuerySchema,
  type CustomerImportColumn,
} from '@meterline/contract/onboarding';
import { HttpError } from '../../lib/http-errors';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, requestLanguage } from '../../plugins/request-context';
import type { Idempotency } from '../idempotency/index';
import type { JobService } from '../jobs/index';
import { serviceParamsSchema } from '../../scope/service-scope';
import type { CustomerImportJobInput } from './customer-import-job';
import type { CustomerImportService } from './customer-import.service';

/** The template's example row, in the caller's language (the header row stays the machine names). */
const EXAMPLE_ROWS: Record<'en' | 'ar', Record<CustomerImportColumn, string>> = {
  en: {
    code: '',
    full_name: 'Rania Khoury',
    phone: '+961 3 123 456',
    email: 'rania@example.com',
    national_id: '',
    region: 'Hamra',
    street: 'Bliss Street',
    building: 'Building 12',
    floor: '2',
    apartment: '2B',
    station: 'North station',
    bundle: '5 A',
    initial_reading: '3200',
    started_on: '',
    status: 'active',
    notes: '',
    language: 'en',
    opted_out_channels: '',
  },
  ar: {
    code: '',
    full_name: 'رانيا خوري',
    phone: '+961 3 123 456',
    email: 'rania@example.com',
    national_id: '',
    region: 'الحمرا',
    street: 'شارع بلس',
    building: 'بناية ١٢',
    floor: '2',
    apartment: '2B',
    station: 'المحطة الشمالية',
    bundle: '5 A',
    initial_reading: '3200',
    started_on: '',
    status: 'active',
    notes: '',
    language: 'ar',
    opted_out_channels: 'sms',
  },
};

/**
 * `/api/services/{serviceId}/customers/import/`: customers from a CSV file sent as the body
 * (`Content-Type: text/csv`; UTF-8, UTF-16 with a byte-order mark or Windows-1256, detected from
 * the bytes in `csv-file.ts`). `?dry_run=true` previews; without it a file whose every row is
 * valid is imported by a job (`customer-import-job.ts`), under an optional Idempotency-Key. `import/template/` is the file to fill in.
 */
export async function customerImportRoutes(
  app: FastifyInstance,
  options: { imports: CustomerImportService; idempotency: Idempotency; jobs: JobService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { imports, idempotency, jobs } = options;
  const tags = ['customers'];
  // The file is read as bytes (this plugin only): its text is decoded and checked by the service.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: CUSTOMER_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  routes.get(
    '/import/template/',
    {
      config: { permission: ['create', 'customer_import'] },
      schema: {
        tags,
        summary: 'The CSV file to fill in: the column names (English in every language) and one example row in the caller\u2019s language',
        params: serviceParamsSchema,
        querystring: z.object({ lang: z.string().optional() }),
        response: { 200: z.unknown().meta({ description: 'text/csv (UTF-8 with a byte-order mark)' }), ...readErrors },
      },
    },
    async (request, reply) => {
      const example = EXAMPLE_ROWS[requestLanguage(request)];
      const text = stringify([[...CUSTOMER_IMPORT_COLUMNS], CUSTOMER_IMPORT_COLUMNS.map((column) => example[column])], { bom: true });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customers-template.csv"')
        .header('cache-control', 'no-store')
        .send(text);
    },
  );

  routes.post(
    '/import/',
    {
      config: { permission: ['create', 'customer_import'] },
      bodyLimit: CUSTOMER_IMPORT_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Import customers from a CSV body (text/csv; UTF-8, UTF-16 with a byte-order mark or Windows-1256, detected): ?dry_run=true previews each row with its errors; otherwise a checked file is imported by a job',
        description:
          'Columns: ' +
          CUSTOMER_IMPORT_COLUMNS.join(', ') +
          ' (full_name required). Names of regions, streets, buildings, stations and bundles must exist (or give their id); unknown ones are row errors, never created. ' +
          'An import with any row error starts nothing: 400 import_has_errors with `rows.{row}.{column}` errors. Otherwise 202 {"job": {...}}, followed at GET /api/jobs/{id}/, ' +
          'whose result is {dry_run: false, created, subscriptions}; 409 job_already_running while an import of the tenant is queued or running. Accepts an Idempotency-Key header.',
        params: serviceParamsSchema,
        querystring: customerImportQuerySchema,
        response: {
          200: customerImportPreviewSchema,
          202: jobStartedSchema,
          ...writeErrors,
          413: errorSchema,
          415: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new HttpError(415, ERROR_CODES.unsupportedMediaType);
      if (request.query.dry_run) return reply.code(200).send(await imports.preview(context, body, requestLanguage(request)));
      return idempotency.run(
        request,
        reply,
        { db: context.db, tenantId: context.scope.tenantId, userId: context.actor.userId },
        async () => {
          // Every check of the preview first: a file with any row error starts no job (400 with the rows' errors).
          const today = imports.today(context);
          await imports.check(context, body, today);
          const input: CustomerImportJobInput = { file: body.toString('base64'), today };
          const job = await jobs.enqueue('customer_import', {
            serviceId: context.scope.serviceId,
            input,
            startedBy: { actor: context.actor, audit: auditContextOf(request) },
          });
          return { statusCode: 202, body: { job } };
        },
      );
    },
  );
}
