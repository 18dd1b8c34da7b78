import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statisticsEndpoints } from '@meterline/contract/endpoints/statistics';
import { validationErrorSchema } from '@meterline/contract/errors';
import type { DatabaseRegistry } from '../../db/client';
import { authErrors } from '../../lib/route-schemas';
import { routeOf } from '../../scope/endpoint-routes';
import { resolveTenantContext } from '../../scope/service-scope';
import type { StatisticsService } from './statistics.service';

/** `/api/statistics/stats1/` ... `stats4/` (`statisticsEndpoints`: view dashboard; ?service=&date_from=&date_to=). */
export async function statisticsRoutes(app: FastifyInstance, options: { statistics: StatisticsService; databases: DatabaseRegistry }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { statistics, databases } = options;
  const errors = { ...authErrors, 400: validationErrorSchema };

  routes.route({
    ...(await routeOf(routes, statisticsEndpoints.kpiSummary, errors)),
    handler: async (request) => statistics.kpiSummary(await resolveTenantContext(databases, request), request.query),
  });
  routes.route({
    ...(await routeOf(routes, statisticsEndpoints.monthlyTotals, errors)),
    handler: async (request) => statistics.monthlyTotals(await resolveTenantContext(databases, request), request.query),
  });
  routes.route({
    ...(await routeOf(routes, statisticsEndpoints.invoicesByStatus, errors)),
    handler: async (request) => statistics.invoicesByStatus(await resolveTenantContext(databases, request), request.query),
  });
  routes.route({
    ...(await routeOf(routes, statisticsEndpoints.collectionsByStaff, errors)),
    handler: async (request) => statistics.collectionsByStaff(await resolveTenantContext(databases, request), request.query),
  });
}
