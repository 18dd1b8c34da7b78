import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationErrorSchema } from '@meterline/contract/errors';
import { listOverdueQuerySchema, paginatedOverdueSchema, type OverdueCustomer } from '@meterline/contract/overdue';
import type { DatabaseRegistry } from '../../db/client';
import { sendList, type CsvColumn } from '../../lib/list';
import { readErrors } from '../../lib/route-schemas';
import { requirePermission } from '../../plugins/authenticate';
import { resolveServiceContext, serviceParamsSchema } from '../services/service-scope';
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
];

/** `/api/services/{serviceId}/overdue/`: customers with an overdue balance (paginated; ?format=csv). */
export async function overdueRoutes(app: FastifyInstance, options: { overdue: OverdueService; databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { overdue, databases } = options;

  routes.get(
    '/',
    {
      onRequest: [app.authenticate, requirePermission('list', 'invoice')],
      schema: {
        tags: ['overdue'],
        summary: 'Customers with overdue invoices, one row each (paginated; ?format=csv; ?min_days= for the disconnection list)',
        params: serviceParamsSchema,
        querystring: listOverdueQuerySchema,
        response: { 200: paginatedOverdueSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const context = await resolveServiceContext(databases, request, request.params.serviceId);
      return sendList(request, reply, context.db, request.query, await overdue.listSource(context, request.query), { filename: 'overdue', columns: OVERDUE_CSV_COLUMNS });
    },
  );
}
