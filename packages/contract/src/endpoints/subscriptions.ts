import { endpoint } from '../endpoint';

const tags = ['counters'];
const schemas = () => import('../subscriptions');

/** `/api/services/{serviceId}/subscriptions/…`: the open meters, a new reading, a reset, a meter's history, voiding a reading. */
export const subscriptionEndpoints = {
  counters: endpoint({
    method: 'GET',
    path: 'services/:serviceId/subscriptions/counters/',
    permission: ['list', 'counter'],
    summary: 'Open meters of the service with their readings and unbilled consumption (paginated; ?format=csv)',
    tags,
    schemas: async () => {
      const { listCountersQuerySchema, paginatedCountersSchema } = await schemas();
      return { query: listCountersQuerySchema, response: paginatedCountersSchema };
    },
  }),
  /** Accepts an Idempotency-Key header (a reading queued on a phone and sent again is recorded once). */
  updateCounter: endpoint({
    method: 'PUT',
    path: 'services/:serviceId/subscriptions/:id/update-counter/',
    permission: ['update', 'counter'],
    summary: 'Record a new reading (400 when lower than the previous one, or implausible without confirm_unusual)',
    tags,
    schemas: async () => {
      const { updateCounterInputSchema, subscriptionSchema } = await schemas();
      return { body: updateCounterInputSchema, response: subscriptionSchema };
    },
  }),
  resetCounter: endpoint({
    method: 'POST',
    path: 'services/:serviceId/subscriptions/:id/reset-counter/',
    permission: ['reset', 'counter'],
    summary: "Reset or replace a meter: the old meter's optional final reading, then the new baseline",
    tags,
    schemas: async () => {
      const { resetCounterInputSchema, subscriptionSchema } = await schemas();
      return { body: resetCounterInputSchema, response: subscriptionSchema };
    },
  }),
  readings: endpoint({
    method: 'GET',
    path: 'services/:serviceId/subscriptions/:id/readings/',
    permission: ['list', 'counter'],
    summary: 'Append-only reading history of a subscription (paginated; ?format=csv)',
    tags,
    schemas: async () => {
      const { listReadingsQuerySchema, paginatedReadingsSchema } = await schemas();
      return { query: listReadingsQuerySchema, response: paginatedReadingsSchema };
    },
  }),
  voidReading: endpoint({
    method: 'POST',
    path: 'services/:serviceId/subscriptions/:id/readings/:readingId/void/',
    permission: ['update', 'counter'],
    summary: "Void the meter's latest reading (kept in the history; consumption and invoices ignore it)",
    tags,
    schemas: async () => {
      const { voidReadingInputSchema, readingSchema } = await schemas();
      return { body: voidReadingInputSchema, response: readingSchema };
    },
  }),
};
