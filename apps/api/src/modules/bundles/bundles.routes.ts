import type { FastifyInstance } from 'fastify';
import { type Bundle } from '@meterline/contract/bundles';
import { bundleEndpoints } from '@meterline/contract/endpoints/bundles';
import type { CsvColumn } from '../../lib/list';
import { registerServiceCrudRoutes } from '../../scope/crud-routes';
import type { CsvLists } from '../../scope/csv-lists';
import type { BundleService } from './bundles.service';

const BUNDLE_CSV_COLUMNS: CsvColumn<Bundle>[] = [
  { header: 'id', value: (row) => row.id, numeric: true },
  { header: 'name', value: (row) => row.name },
  { header: 'description', value: (row) => row.description },
  { header: 'amperage', value: (row) => row.amperage, numeric: true },
  { header: 'price', value: (row) => row.price, numeric: true },
  { header: 'unit_price', value: (row) => row.unit_price, numeric: true },
  { header: 'is_active', value: (row) => row.is_active },
  { header: 'subscriptions_count', value: (row) => row.subscriptions_count, numeric: true },
];

/** `/api/services/{serviceId}/bundles/`: list, create, get, partial update, delete. */
export async function bundleRoutes(app: FastifyInstance, options: { bundles: BundleService; csvLists: CsvLists }) {
  await registerServiceCrudRoutes(app, {
    endpoints: bundleEndpoints,
    service: options.bundles,
    csvColumns: BUNDLE_CSV_COLUMNS,
    csvList: { name: 'bundles', lists: options.csvLists },
  });
}
