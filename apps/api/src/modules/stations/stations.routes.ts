import type { FastifyInstance } from 'fastify';
import { type Station } from '@meterline/contract/stations';
import { stationEndpoints } from '@meterline/contract/endpoints/stations';
import type { CsvColumn } from '../../lib/list';
import { registerServiceCrudRoutes } from '../../scope/crud-routes';
import type { CsvLists } from '../../scope/csv-lists';
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
export async function stationRoutes(app: FastifyInstance, options: { stations: StationService; csvLists: CsvLists }) {
  await registerServiceCrudRoutes(app, {
    endpoints: stationEndpoints,
    service: options.stations,
    csvColumns: STATION_CSV_COLUMNS,
    csvList: { name: 'stations', lists: options.csvLists },
  });
}
