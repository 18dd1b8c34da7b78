import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationErrorSchema } from '@meterline/contract/errors';
import { routeEndpoints } from '@meterline/contract/endpoints/routes';
import { listRouteAssignmentsQuerySchema, type RouteAssignment, type RouteStop } from '@meterline/contract/routes';
import { sendList, type CsvColumn } from '../../lib/list';
import { csvList, type CsvLists } from '../../scope/csv-lists';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
import type { RouteService } from './routes.service';

const STOP_CSV_COLUMNS: CsvColumn<RouteStop>[] = [
  { header: 'region', value: (row) => row.region_name },
  { header: 'street', value: (row) => row.street_name },
  { header: 'building', value: (row) => row.building_name },
  { header: 'customers', value: (row) => row.progress.customers, numeric: true },
  { header: 'done', value: (row) => row.progress.done, numeric: true },
  { header: 'to_read', value: (row) => row.progress.to_read, numeric: true },
  { header: 'to_collect', value: (row) => row.progress.to_collect, numeric: true },
  { header: 'amount_due', value: (row) => row.progress.amount_due, numeric: true },
];

const ASSIGNMENT_CSV_COLUMNS: CsvColumn<RouteAssignment>[] = [
  { header: 'id', value: (row) => row.id, numeric: true },
  { header: 'collector', value: (row) => row.collector_name },
  { header: 'region', value: (row) => row.region_name },
  { header: 'station', value: (row) => row.station_name },
];

/** The list's CSV, registered for its export job (docs/billing.md, "Exports"). */
const assignmentCsvList = (service: RouteService) =>
  csvList({
    name: 'route_assignments',
    permission: routeEndpoints.assignments.permission,
    query: listRouteAssignmentsQuerySchema,
    source: (context, query) => service.listAssignmentsSource(context, query),
    csv: { filename: 'route-assignments', columns: ASSIGNMENT_CSV_COLUMNS },
  });

/**
 * `/api/services/{serviceId}/routes/`: the round of a day (buildings in walking order with their
 * progress), one building with its customers, visits, and the collectors' regions and stations.
 */
export async function routeRoutes(app: FastifyInstance, options: { routes: RouteService; csvLists: CsvLists }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = options.routes;
  const assignmentList = options.csvLists.add(assignmentCsvList(service));

  routes.route({
    ...(await routeOf(routes, routeEndpoints.round, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      return sendList(request, reply, context.db, request.query, await service.listSource(context, request.query), {
        filename: 'round',
        columns: STOP_CSV_COLUMNS,
      });
    },
  });

  routes.route({
    ...(await routeOf(routes, routeEndpoints.building, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request) => service.getBuilding(request.scope, request.params.buildingId, request.query),
  });

  routes.route({
    ...(await routeOf(routes, routeEndpoints.fieldData, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request) => service.fieldData(request.scope, request.query),
  });

  routes.route({
    ...(await routeOf(routes, routeEndpoints.recordVisit, writeErrors)),
    handler: async (request, reply) =>
      reply.code(201).send(await service.recordVisit(request.scope, request.body, auditContextOf(request))),
  });

  routes.route({
    ...(await routeOf(routes, routeEndpoints.assignments, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      return sendList(request, reply, context.db, request.query, await assignmentList.source(context, request.query), assignmentList.csv);
    },
  });

  routes.route({
    ...(await routeOf(routes, routeEndpoints.assign, writeErrors)),
    handler: async (request, reply) =>
      reply.code(201).send(await service.createAssignment(request.scope, request.body, auditContextOf(request))),
  });

  routes.route({
    ...(await routeOf(routes, routeEndpoints.unassign, writeErrors)),
    handler: async (request, reply) => {
      await service.removeAssignment(request.scope, request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  });
}
