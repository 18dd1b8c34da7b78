import { endpoint } from '../endpoint';

const tags = ['overdue'];
const schemas = () => import('../overdue');

/**
 * `/api/services/{serviceId}/overdue/`: the overdue customers, reminders and disconnection notices
 * (docs/notifications.md). The printed disconnection list (PDF or HTML) stays a route of its own.
 */
export const overdueEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'services/:serviceId/overdue/',
    permission: ['list', 'invoice'],
    summary: 'Customers with overdue invoices, one row each (paginated; ?format=csv; ?min_days= for the disconnection list)',
    tags,
    schemas: async () => {
      const { listOverdueQuerySchema, paginatedOverdueSchema } = await schemas();
      return { query: listOverdueQuerySchema, response: paginatedOverdueSchema };
    },
  }),
  remind: endpoint({
    method: 'POST',
    path: 'services/:serviceId/overdue/remind/',
    permission: ['create', 'reminder'],
    summary: "Sends each customer a reminder of their overdue balance, in the tenant's reminder language, through the reminder channel",
    tags,
    schemas: async () => {
      const { sendRemindersInputSchema, sendRemindersResultSchema } = await schemas();
      return { body: sendRemindersInputSchema, response: sendRemindersResultSchema };
    },
  }),
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
