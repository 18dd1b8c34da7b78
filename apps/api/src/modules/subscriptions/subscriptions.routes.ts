import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationErrorSchema } from '@meterline/contract/errors';
import {
  listCountersQuerySchema,
  listReadingsQuerySchema,
  paginatedCountersSchema,
  paginatedReadingsSchema,
  resetCounterInputSchema,
  subscriptionSchema,
  updateCounterInputSchema,
  type Counter,
  type Reading,
} from '@meterline/contract/subscriptions';
import type { DatabaseRegistry } from '../../db/client';
import { sendList, type CsvColumn } from '../../lib/list';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf, requirePermission } from '../../plugins/authenticate';
import { resolveServiceContext, serviceItemParamsSchema, serviceParamsSchema } from '../services/service-scope';
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
];

/** `/api/services/{serviceId}/subscriptions/`: counters, readings, resets. */
export async function subscriptionRoutes(app: FastifyInstance, options: { subscriptions: SubscriptionService; databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { subscriptions, databases } = options;
  const tags = ['counters'];
  const signedIn = { onRequest: app.authenticate };

  routes.get(
    '/counters/',
    {
      ...signedIn,
      preHandler: requirePermission('list', 'counter'),
      schema: {
        tags,
        summary: 'Open meters of the service with their readings and unbilled consumption (paginated; ?format=csv)',
        params: serviceParamsSchema,
        querystring: listCountersQuerySchema,
        response: { 200: paginatedCountersSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      return sendList(request, reply, context.db, request.query, await subscriptions.countersSource(context, request.query), { filename: 'counters', columns: COUNTER_CSV_COLUMNS });
    },
  );

  routes.put(
    '/:id/update-counter/',
    {
      ...signedIn,
      preHandler: requirePermission('update', 'counter'),
      schema: {
        tags,
        summary: 'Record a new reading (400 when lower than the previous one)',
        params: serviceItemParamsSchema,
        body: updateCounterInputSchema,
        response: { 200: subscriptionSchema, ...writeErrors },
      },
    },
    async (request) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      return subscriptions.updateCounter(context, request.params.id, request.body.counter, auditContextOf(request));
    },
  );

  routes.post(
    '/:id/reset-counter/',
    {
      ...signedIn,
      preHandler: requirePermission('reset', 'counter'),
      schema: {
        tags,
        summary: "Reset or replace a meter: the old meter's optional final reading, then the new baseline",
        params: serviceItemParamsSchema,
        body: resetCounterInputSchema,
        response: { 200: subscriptionSchema, ...writeErrors },
      },
    },
    async (request) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      return subscriptions.resetCounter(context, request.params.id, request.body, auditContextOf(request));
    },
  );

  routes.get(
    '/:id/readings/',
    {
      ...signedIn,
      preHandler: requirePermission('list', 'counter'),
      schema: {
        tags,
        summary: 'Append-only reading history of a subscription (paginated; ?format=csv)',
        params: serviceItemParamsSchema,
        querystring: listReadingsQuerySchema,
        response: { 200: paginatedReadingsSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      const source = await subscriptions.readingsSource(context, request.params.id, request.query);
      return sendList(request, reply, context.db, request.query, source, { filename: 'readings', columns: READING_CSV_COLUMNS });
    },
  );
}
