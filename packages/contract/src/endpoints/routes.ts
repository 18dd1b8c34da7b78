import { endpoint } from '../endpoint';

const tags = ['routes'];

/** `/api/services/{serviceId}/routes/…`: the calls of a round written once (the older ones are still by hand). */
export const routeEndpoints = {
  fieldData: endpoint({
    method: 'GET',
    path: 'services/:serviceId/routes/field-data/',
    permission: ['list', 'route'],
    summary:
      "The round's whole day for the phone (?collector=&date=): its buildings with their customers, the customers, their open invoices and their meters, in a fixed number of statements",
    tags,
    schemas: async () => {
      const [{ routeQuerySchema }, { roundFieldDataSchema }] = await Promise.all([import('../routes'), import('../round-field-data')]);
      return { query: routeQuerySchema, response: roundFieldDataSchema };
    },
  }),
};
