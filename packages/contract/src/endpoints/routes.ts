import { endpoint } from '../endpoint';

const tags = ['routes'];
const schemas = () => import('../routes');

/** `/api/services/{serviceId}/routes/…`: the round of a day, its buildings, its day on the phone, visits, the collectors' assignments. */
export const routeEndpoints = {
  round: endpoint({
    method: 'GET',
    path: 'services/:serviceId/routes/',
    permission: ['list', 'route'],
    summary:
      "The round of a day: the buildings of the collector's regions and stations in street and building order (paginated; ?collector=&date=)",
    tags,
    schemas: async () => {
      const { listRoutesQuerySchema, paginatedRouteStopsSchema } = await schemas();
      return { query: listRoutesQuerySchema, response: paginatedRouteStopsSchema };
    },
  }),
  building: endpoint({
    method: 'GET',
    path: 'services/:serviceId/routes/buildings/:buildingId/',
    permission: ['list', 'route'],
    summary: 'One building of the round with each customer: what to do and what was done (?collector=&date=)',
    tags,
    schemas: async () => {
      const { routeQuerySchema, routeBuildingSchema } = await schemas();
      return { query: routeQuerySchema, response: routeBuildingSchema };
    },
  }),
  fieldData: endpoint({
    method: 'GET',
    path: 'services/:serviceId/routes/field-data/',
    permission: ['list', 'route'],
    summary:
      "The round's whole day for the phone (?collector=&date=): its buildings with their customers, the customers, their open invoices and their meters, in a fixed number of statements",
    tags,
    schemas: async () => {
      const [{ routeQuerySchema }, { roundFieldDataSchema }] = await Promise.all([schemas(), import('../round-field-data')]);
      return { query: routeQuerySchema, response: roundFieldDataSchema };
    },
  }),
  recordVisit: endpoint({
    method: 'POST',
    path: 'services/:serviceId/routes/visits/',
    permission: ['create', 'route'],
    status: [201],
    summary: 'Record a visit at a customer on the round {customer, outcome, note} (append-only)',
    tags,
    schemas: async () => {
      const { createVisitInputSchema, routeVisitSchema } = await schemas();
      return { body: createVisitInputSchema, response: routeVisitSchema };
    },
  }),
  assignments: endpoint({
    method: 'GET',
    path: 'services/:serviceId/routes/assignments/',
    permission: ['list', 'route_assignment'],
    summary: 'Regions and stations assigned to collectors in the service (paginated; ?collector=)',
    tags,
    schemas: async () => {
      const { listRouteAssignmentsQuerySchema, paginatedRouteAssignmentsSchema } = await schemas();
      return { query: listRouteAssignmentsQuerySchema, response: paginatedRouteAssignmentsSchema };
    },
  }),
  assign: endpoint({
    method: 'POST',
    path: 'services/:serviceId/routes/assignments/',
    permission: ['create', 'route_assignment'],
    status: [201],
    summary: 'Assign a region or a station to a collector {collector, region | station}',
    tags,
    schemas: async () => {
      const { createRouteAssignmentInputSchema, routeAssignmentSchema } = await schemas();
      return { body: createRouteAssignmentInputSchema, response: routeAssignmentSchema };
    },
  }),
  unassign: endpoint({
    method: 'DELETE',
    path: 'services/:serviceId/routes/assignments/:id/',
    permission: ['delete', 'route_assignment'],
    status: [204],
    summary: 'Take a region or station back from a collector',
    tags,
    schemas: async () => ({ response: (await import('../common')).noContentSchema }),
  }),
};
