import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@meterline/contract/common';
import { validationErrorSchema } from '@meterline/contract/errors';
import { routeEndpoints } from '@meterline/contract/endpoints/routes';
import {
  createRouteAssignmentInputSchema,
  createVisitInputSchema,
  listRouteAssignmentsQuerySchema,
  listRoutesQuerySchema,
  paginatedRouteAssignmentsSchema,
  paginatedRouteStopsSchema,
  routeAssignmentSchema,
  routeBuildingSchema,
  routeQuerySchema,
  routeVisitSchema,
  type RouteAssignment,
  type RouteStop,
} from '@meterline/contract/routes';
import { sendList, type CsvColumn } from '../../lib/list';
import { csvList, type CsvLists } from '../../scope/csv-lists';
import { noContent, readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
import { serviceItemParamsSchema, serviceParamsSchema } from '../../scope/service-scope';
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

const buildingParamsSchema = z.object({ serviceId: idParamSchema, buildingId: idParamSchema });

/** The list's CSV, registered for its export job (docs/billing.md, "Exports"). */
const assignmentCsvList = (service: RouteService) =>
  csvList({
    name: 'route_assignments',
    permission: ['list', 'route_assignment'],
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
  const tags = ['routes'];

  routes.get(
    '/',
    {
      config: { permission: ['list', 'route'] },
      schema: {
        tags,
        summary:
          "The round of a day: the buildings of the collector's regions and stations in street and building order (paginated; ?collector=&date=)",
        params: serviceParamsSchema,
        querystring: listRoutesQuerySchema,
        response: { 200: paginatedRouteStopsSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      return sendList(request, reply, context.db, request.query, await service.listSource(context, request.query), {
        filename: 'round',
        columns: STOP_CSV_COLUMNS,
      });
    },
  );

  routes.get(
    '/buildings/:buildingId/',
    {
      config: { permission: ['list', 'route'] },
      schema: {
        tags,
        summary: 'One building of the round with each customer: what to do and what was done (?collector=&date=)',
        params: buildingParamsSchema,
        querystring: routeQuerySchema,
        response: { 200: routeBuildingSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request) => {
      const context = request.scope;
      return service.getBuilding(context, request.params.buildingId, request.query);
    },
  );

  routes.route({
    ...(await routeOf(routes, routeEndpoints.fieldData, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request) => service.fieldData(request.scope, request.query),
  });

  routes.post(
    '/visits/',
    {
      config: { permission: ['create', 'route'] },
      schema: {
        tags,
        summary: 'Record a visit at a customer on the round {customer, outcome, note} (append-only)',
        params: serviceParamsSchema,
        body: createVisitInputSchema,
        response: { 201: routeVisitSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      return reply.code(201).send(await service.recordVisit(context, request.body, auditContextOf(request)));
    },
  );

  routes.get(
    '/assignments/',
    {
      config: { permission: ['list', 'route_assignment'] },
      schema: {
        tags,
        summary: 'Regions and stations assigned to collectors in the service (paginated; ?collector=)',
        params: serviceParamsSchema,
        querystring: listRouteAssignmentsQuerySchema,
        response: { 200: paginatedRouteAssignmentsSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      return sendList(request, reply, context.db, request.query, await assignmentList.source(context, request.query), assignmentList.csv);
    },
  );

  routes.post(
    '/assignments/',
    {
      config: { permission: ['create', 'route_assignment'] },
      schema: {
        tags,
        summary: 'Assign a region or a station to a collector {collector, region | station}',
        params: serviceParamsSchema,
        body: createRouteAssignmentInputSchema,
        response: { 201: routeAssignmentSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      return reply.code(201).send(await service.createAssignment(context, request.body, auditContextOf(request)));
    },
  );

  routes.delete(
    '/assignments/:id/',
    {
      config: { permission: ['delete', 'route_assignment'] },
      schema: {
        tags,
        summary: 'Take a region or station back from a collector',
        params: serviceItemParamsSchema,
        response: { 204: noContent, ...writeErrors },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      await service.removeAssignment(context, request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
}
