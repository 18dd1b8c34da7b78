import type { FastifyInstance } from 'fastify';
import { type Tariff } from '@meterline/contract/tariffs';
import { tariffEndpoints } from '@meterline/contract/endpoints/tariffs';
import type { CsvColumn } from '../../lib/list';
import { registerServiceCrudRoutes } from '../../scope/crud-routes';
import type { CsvLists } from '../../scope/csv-lists';
import type { TariffService } from './tariffs.service';

const TARIFF_CSV_COLUMNS: CsvColumn<Tariff>[] = [
  { header: 'id', value: (row) => row.id, numeric: true },
  { header: 'name', value: (row) => row.name },
  { header: 'effective_from', value: (row) => row.effective_from },
  { header: 'effective_to', value: (row) => row.effective_to },
  { header: 'unit_price', value: (row) => row.unit_price, numeric: true },
  { header: 'tiers', value: (row) => (row.tiers ? row.tiers.map((tier) => `${tier.up_to ?? '∞'}:${tier.unit_price}`).join(' ') : '') },
  { header: 'uplift_percent', value: (row) => row.uplift_percent, numeric: true },
  { header: 'bundles', value: (row) => row.bundles.join(' ') },
];

/** `/api/services/{serviceId}/tariffs/`: list, create, get, partial update, delete. */
export async function tariffRoutes(app: FastifyInstance, options: { tariffs: TariffService; csvLists: CsvLists }) {
  await registerServiceCrudRoutes(app, {
    endpoints: tariffEndpoints,
    service: options.tariffs,
    csvColumns: TARIFF_CSV_COLUMNS,
    csvList: { name: 'tariffs', lists: options.csvLists },
  });
}
