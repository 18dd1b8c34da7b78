import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationErrorSchema } from '@meterline/contract/errors';
import {
  kpiSummarySchema,
  monthlyTotalsSchema,
  invoicesByStatusSchema,
  collectionsByStaffSchema,
  statisticsQuerySchema,
} from '@meterline/contract/statistics';
import type { DatabaseRegistry } from '../../db/client';
import { authErrors } from '../../lib/route-schemas';
import { requirePermission } from '../../plugins/request-context';
import { resolveTenantContext } from '../../scope/service-scope';
import type { StatisticsService } from './statistics.service';

/** `/api/statistics/stats1/` ... `stats4/` (view dashboard; ?service=&date_from=&date_to=). */
export async function statisticsRoutes(app: FastifyInstance, options: { statistics: StatisticsService; databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { statistics, databases } = options;
  const common = { onRequest: [app.authenticate, requirePermission('view', 'dashboard')] };
  const tags = ['statistics'];
  const errors = { ...authErrors, 400: validationErrorSchema };

  routes.get(
    '/stats1/',
    {
      ...common,
      schema: { tags, summary: 'KPI cards', querystring: statisticsQuerySchema, response: { 200: kpiSummarySchema, ...errors } },
    },
    async (request) => statistics.kpiSummary(await resolveTenantContext(databases, request), request.query),
  );
  routes.get(
    '/stats2/',
    {
      ...common,
      schema: {
        tags,
        summary: 'Invoiced vs collected per month, 12 months',
        querystring: statisticsQuerySchema,
        response: { 200: monthlyTotalsSchema, ...errors },
      },
    },
    async (request) => statistics.monthlyTotals(await resolveTenantContext(databases, request), request.query),
  );
  routes.get(
    '/stats3/',
    {
      ...common,
      schema: {
        tags,
        summary: 'Invoices by status (overdue apart)',
        querystring: statisticsQuerySchema,
        response: { 200: invoicesByStatusSchema, ...errors },
      },
    },
    async (request) => statistics.invoicesByStatus(await resolveTenantContext(databases, request), request.query),
  );
  routes.get(
    '/stats4/',
    {
      ...common,
      schema: {
        tags,
        summary: 'Collections per receiving staff member',
        querystring: statisticsQuerySchema,
        response: { 200: collectionsByStaffSchema, ...errors },
      },
    },
    async (request) => statistics.collectionsByStaff(await resolveTenantContext(databases, request), request.query),
  );
}
