import type { FastifyInstance } from 'fastify';
import {
  createStationInputSchema,
  listStationsQuerySchema,
  paginatedStationsSchema,
  stationSchema,
  updateStationInputSchema,
  type Station,
} from '@meterline/contract/stations';
import type { CsvColumn } from '../../lib/list';
import { registerServiceCrudRoutes } from '../../scope/crud-routes';
import type { StationService } from './stations.service';

const STATION_CSV_COLUMNS: CsvColumn<Station>[] = [
  { header: 'id', value: (row) => row.id, numeric: true },
  { header: 'code', value: (row) => row.code },
  { header: 'name', value: (row) => row.name },
  { header: 'status', value: (row) => row.status },
  { header: 'capacity', value: (row) => row.capacity, numeric: true },
  { header: 'region', value: (row) => row.region_name },
  { header: 'street', value: (row) => row.street_name },
  { header: 'building', value: (row) => row.building_name },
  { header: 'latitude', value: (row) => row.latitude, numeric: true },
  { header: 'longitude', value: (row) => row.longitude, numeric: true },
  { header: 'customers_count', value: (row) => row.customers_count, numeric: true },
  { header: 'notes', value: (row) => row.notes },
];

/** `/api/services/{serviceId}/stations/`: list, create, get, partial update, delete. */
export async function stationRoutes(app: FastifyInstance, options: { stations: StationService }) {
  registerServiceCrudRoutes(app, {
    subject: 'station',
    label: 'Station',
    plural: 'stations',
    schemas: {
      entity: stationSchema,
      paginated: paginatedStationsSchema,
      query: listStationsQuerySchema,
      create: createStationInputSchema,
      update: updateStationInputSchema,
    },
    service: options.stations,
    csvColumns: STATION_CSV_COLUMNS,
    deleteSummary: 'Delete a station (409 protected while customers or subscriptions use it)',
  });
}
