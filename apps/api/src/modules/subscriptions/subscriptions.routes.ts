import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import {
  listCountersQuerySchema,
  listReadingsQuerySchema,
  paginatedCountersSchema,
  paginatedReadingsSchema,
  resetCounterInputSchema,
  subscriptionSchema,
  updateCounterInputSchema,
  readingSchema,
  voidReadingInputSchema,
  type Counter,
  type Reading,
} from '@meterline/contract/subscriptions';
import { z } from 'zod';
import { idParamSchema } from '@meterline/contract/common';
import { sendList, type CsvColumn } from '../../lib/list';
import { csvList, type CsvLists } from '../../scope/csv-lists';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import { serviceItemParamsSchema, serviceParamsSchema } from '../../scope/service-scope';
import type { Idempotency } from '../idempotency/index';
import type { SubscriptionService } from './subscriptions.service';

const COUNTER_CSV_COLUMNS: CsvColumn<Counter>[] = [
  { header: 'subscription', value: (row) => row.id, numeric: true },
  { header: 'customer_code', value: (row) => row.customer_code },
  { header: 'customer_name', value: (row) => row.customer_name },
  { header: 'customer_phone', value: (row) => row.customer_phone },
  { header: 'region', value: (row) => row.region_name },
  { header: 'street', value: (row) => row.street_name },
  { header: 'building', value: (row) => row.building_name },
  { header: 'floor', value: (row) => row.floor },
  { header: 'apartment', value: (row) => row.apartment },
  { header: 'station', value: (row) => row.station_name },
  { header: 'bundle', value: (row) => row.bundle_name },
  { header: 'previous_counter', value: (row) => row.previous_counter, numeric: true },
  { header: 'counter', value: (row) => row.counter, numeric: true },
  { header: 'counter_updated_at', value: (row) => row.counter_updated_at },
  { header: 'counter_updated_by', value: (row) => row.counter_updated_by_name },
  { header: 'consumption', value: (row) => row.consumption, numeric: true },
];

const READING_CSV_COLUMNS: CsvColumn<Reading>[] = [
  { header: 'id', value: (row) => row.id, numeric: true },
  { header: 'kind', value: (row) => row.kind },
  { header: 'value', value: (row) => row.value, numeric: true },
  { header: 'previous_value', value: (row) => row.previous_value, numeric: true },
  { header: 'reason', value: (row) => row.reason },
  { header: 'taken_at', value: (row) => row.taken_at },
  { header: 'taken_by', value: (row) => row.taken_by_name },
  { header: 'voided_at', value: (row) => row.voided_at },
  { header: 'void_reason', value: (row) => row.void_reason },
];

const readingParamsSchema = z.object({ serviceId: idParamSchema, id: idParamSchema, readingId: idParamSchema });

/** The list's CSV, registered for its export job (docs/billing.md, "Exports"). */
const counterCsvList = (subscriptions: SubscriptionService) =>
  csvList({
    name: 'counters',
    permission: ['list', 'counter'],
    query: listCountersQuerySchema,
    source: (context, query) => subscriptions.countersSource(context, query),
    csv: { filename: 'counters', columns: COUNTER_CSV_COLUMNS },
  });

/** `/api/services/{serviceId}/subscriptions/`: counters, readings, resets. */
export async function subscriptionRoutes(
  app: FastifyInstance,
  options: { subscriptions: SubscriptionService; idempotency: Idempotency; csvLists: CsvLists },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { subscriptions, idempotency } = options;
  const counterList = options.csvLists.add(counterCsvList(subscriptions));
  const tags = ['counters'];

  routes.get(
    '/counters/',
    {
      config: { permission: ['list', 'counter'] },
      schema: {
        tags,
        summary: 'Open meters of the service with their readings and unbilled consumption (paginated; ?format=csv)',
        params: serviceParamsSchema,
        querystring: listCountersQuerySchema,
        response: { 200: paginatedCountersSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      return sendList(request, reply, context.db, request.query, await counterList.source(context, request.query), counterList.csv);
    },
  );

  routes.put(
    '/:id/update-counter/',
    {
      // The meter's photo is base64 in the body, longer than any text (checked by reading-photo.ts).
      config: { permission: ['update', 'counter'], longFields: ['photo'] },
      schema: {
        tags,
        summary: 'Record a new reading (400 when lower than the previous one, or implausible without confirm_unusual)',
        description:
          'Accepts an Idempotency-Key header, as a payment does (same key and body: the first answer; another body: 422; still running: 409): a reading queued on a phone and sent again is recorded once.',
        params: serviceItemParamsSchema,
        body: updateCounterInputSchema,
        response: { 200: subscriptionSchema, ...writeErrors, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      return idempotency.run(
        request,
        reply,
        { db: context.db, tenantId: context.scope.tenantId, userId: context.actor.userId },
        async (ticket) => ({
          statusCode: 200,
          body: await subscriptions.updateCounter(context, request.params.id, request.body, auditContextOf(request), ticket),
        }),
      );
    },
  );

  routes.post(
    '/:id/reset-counter/',
    {
      config: { permission: ['reset', 'counter'] },
      schema: {
        tags,
        summary: "Reset or replace a meter: the old meter's optional final reading, then the new baseline",
        params: serviceItemParamsSchema,
        body: resetCounterInputSchema,
        response: { 200: subscriptionSchema, ...writeErrors },
      },
    },
    async (request) => {
      const context = request.scope;
      return subscriptions.resetCounter(context, request.params.id, request.body, auditContextOf(request));
    },
  );

  routes.get(
    '/:id/readings/',
    {
      config: { permission: ['list', 'counter'] },
      schema: {
        tags,
        summary: 'Append-only reading history of a subscription (paginated; ?format=csv)',
        params: serviceItemParamsSchema,
        querystring: listReadingsQuerySchema,
        response: { 200: paginatedReadingsSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      const source = await subscriptions.readingsSource(context, request.params.id, request.query);
      return sendList(request, reply, context.db, request.query, source, { filename: 'readings', columns: READING_CSV_COLUMNS });
    },
  );

  routes.post(
    '/:id/readings/:readingId/void/',
    {
      config: { permission: ['update', 'counter'] },
      schema: {
        tags,
        summary: "Void the meter's latest reading (kept in the history; consumption and invoices ignore it)",
        description:
          'Admin and accountant; a collector only for a reading they took today. 409 reading_billed (params.number) when a live invoice billed it.',
        params: readingParamsSchema,
        body: voidReadingInputSchema,
        response: { 200: readingSchema, ...writeErrors },
      },
    },
    async (request) => {
      const context = request.scope;
      return subscriptions.voidReading(context, request.params.id, request.params.readingId, request.body.reason, auditContextOf(request));
    },
  );
}
