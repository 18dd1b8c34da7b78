import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, validationErrorSchema } from '@meterline/contract/errors';
import { subscriptionEndpoints } from '@meterline/contract/endpoints/subscriptions';
import { listCountersQuerySchema, type Counter, type Reading } from '@meterline/contract/subscriptions';
import { sendList, type CsvColumn } from '../../lib/list';
import { csvList, type CsvLists } from '../../scope/csv-lists';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
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

/** The list's CSV, registered for its export job (docs/billing.md, "Exports"). */
const counterCsvList = (subscriptions: SubscriptionService) =>
  csvList({
    name: 'counters',
    permission: subscriptionEndpoints.counters.permission,
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

  routes.route({
    ...(await routeOf(routes, subscriptionEndpoints.counters, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      return sendList(request, reply, context.db, request.query, await counterList.source(context, request.query), counterList.csv);
    },
  });

  const updateCounter = await routeOf(routes, subscriptionEndpoints.updateCounter, { ...writeErrors, 422: errorSchema });
  routes.route({
    ...updateCounter,
    // The meter's photo is base64 in the body, longer than any text (checked by reading-photo.ts).
    config: { ...updateCounter.config, longFields: ['photo'] },
    schema: {
      ...updateCounter.schema,
      description:
        'Accepts an Idempotency-Key header, as a payment does (same key and body: the first answer; another body: 422; still running: 409): a reading queued on a phone and sent again is recorded once.',
    },
    handler: async (request, reply) => {
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
  });

  routes.route({
    ...(await routeOf(routes, subscriptionEndpoints.resetCounter, writeErrors)),
    handler: async (request) => subscriptions.resetCounter(request.scope, request.params.id, request.body, auditContextOf(request)),
  });

  routes.route({
    ...(await routeOf(routes, subscriptionEndpoints.readings, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      const source = await subscriptions.readingsSource(context, request.params.id, request.query);
      return sendList(request, reply, context.db, request.query, source, { filename: 'readings', columns: READING_CSV_COLUMNS });
    },
  });

  const voidReading = await routeOf(routes, subscriptionEndpoints.voidReading, writeErrors);
  routes.route({
    ...voidReading,
    schema: {
      ...voidReading.schema,
      description:
        'Admin and accountant; a collector only for a reading they took today. 409 reading_billed (params.number) when a live invoice billed it.',
    },
    handler: async (request) =>
      subscriptions.voidReading(request.scope, request.params.id, request.params.readingId, request.body.reason, auditContextOf(request)),
  });
}
