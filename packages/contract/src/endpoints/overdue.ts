import { endpoint } from '../endpoint';

const tags = ['overdue'];
const schemas = () => import('../overdue');

/** `/api/services/{serviceId}/overdue/`: what the contract describes of the overdue calls (docs/notifications.md). */
export const overdueEndpoints = {
  disconnectionNotices: endpoint({
    method: 'POST',
    path: 'services/:serviceId/overdue/disconnection-notices/',
    permission: ['create', 'reminder'],
    summary:
      "Sends each customer overdue at least the tenant's `disconnection_after_days` a disconnection notice, in the customer's language, on its first usable channel, once per overdue episode (400 on `customers` for another service's customer)",
    tags,
    schemas: async () => {
      const { disconnectionNoticesResultSchema, sendRemindersInputSchema } = await schemas();
      return { body: sendRemindersInputSchema, response: disconnectionNoticesResultSchema };
    },
  }),
};
