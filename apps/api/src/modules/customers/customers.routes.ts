import type { FastifyInstance } from 'fastify';
import type { Customer } from '@meterline/contract/customers';
import { customerEndpoints } from '@meterline/contract/endpoints/customers';
import type { CsvColumn } from '../../lib/list';
import { registerServiceCrudRoutes } from '../../scope/crud-routes';
import type { CsvLists } from '../../scope/csv-lists';
import type { CustomerService } from './customers.service';

const CUSTOMER_CSV_COLUMNS: CsvColumn<Customer>[] = [
  { header: 'id', value: (row) => row.id, numeric: true },
  { header: 'code', value: (row) => row.code },
  { header: 'full_name', value: (row) => row.full_name },
  { header: 'phone', value: (row) => row.phone },
  { header: 'email', value: (row) => row.email },
  { header: 'national_id', value: (row) => row.national_id },
  { header: 'region', value: (row) => row.region_name },
  { header: 'street', value: (row) => row.street_name },
  { header: 'building', value: (row) => row.building_name },
  { header: 'floor', value: (row) => row.floor },
  { header: 'apartment', value: (row) => row.apartment },
  { header: 'station', value: (row) => row.station_name },
  { header: 'bundle', value: (row) => row.subscription?.bundle_name ?? '' },
  { header: 'counter', value: (row) => row.subscription?.counter ?? '', numeric: true },
  { header: 'status', value: (row) => row.status },
  { header: 'balance', value: (row) => row.balance, numeric: true },
  { header: 'created_at', value: (row) => row.created_at },
];

/** `/api/services/{serviceId}/customers/`: list, create, get, partial update, delete. */
export async function customerRoutes(app: FastifyInstance, options: { customers: CustomerService; csvLists: CsvLists }) {
  await registerServiceCrudRoutes(app, {
    endpoints: customerEndpoints,
    service: options.customers,
    csvColumns: CUSTOMER_CSV_COLUMNS,
    csvList: { name: 'customers', lists: options.csvLists },
  });
}
