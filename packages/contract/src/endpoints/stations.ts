import { crudEndpoints } from './crud';

/** `/api/services/{serviceId}/stations/`: list, create, one, update, delete. */
export const stationEndpoints = crudEndpoints({
  plural: 'stations',
  subject: 'station',
  label: 'Station',
  deleteSummary: 'Delete a station (409 protected while customers or subscriptions use it)',
  schemas: async () => {
    const schemas = await import('../stations');
    return {
      entity: schemas.stationSchema,
      paginated: schemas.paginatedStationsSchema,
      query: schemas.listStationsQuerySchema,
      create: schemas.createStationInputSchema,
      update: schemas.updateStationInputSchema,
    };
  },
});
