import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationErrorSchema } from '@meterline/contract/errors';
import { exchangeRateEndpoints } from '@meterline/contract/endpoints/exchange-rates';
import { listExchangeRatesQuerySchema, type ExchangeRate } from '@meterline/contract/exchange-rates';
import { sendList, type CsvColumn } from '../../lib/list';
import type { CsvLists } from '../../scope/csv-lists';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import { routeOf } from '../../scope/endpoint-routes';
import type { ExchangeRateService } from './exchange-rates.service';

const EXCHANGE_RATE_CSV_COLUMNS: CsvColumn<ExchangeRate>[] = [
  { header: 'month', value: (row) => row.month },
  { header: 'currency', value: (row) => row.currency },
  { header: 'rate', value: (row) => row.rate, numeric: true },
  { header: 'set_at', value: (row) => row.set_at },
];

/** `/api/services/{serviceId}/exchange-rates/`: the tenant's monthly rates (list, set a month's). */
export async function exchangeRateRoutes(app: FastifyInstance, options: { exchangeRates: ExchangeRateService; csvLists: CsvLists }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { exchangeRates } = options;
  // The list's CSV, registered for its export job (docs/billing.md, "Exports").
  const list = options.csvLists.add({
    name: 'exchange_rates',
    permission: exchangeRateEndpoints.list.permission,
    query: listExchangeRatesQuerySchema,
    source: (context, query) => exchangeRates.listSource(context, query),
    csv: { filename: 'exchange-rates', columns: EXCHANGE_RATE_CSV_COLUMNS },
  });

  routes.route({
    ...(await routeOf(routes, exchangeRateEndpoints.list, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request, reply) => {
      const context = request.scope;
      return sendList(request, reply, context.db, request.query, await list.source(context, request.query), list.csv);
    },
  });

  routes.route({
    ...(await routeOf(routes, exchangeRateEndpoints.missing, { ...readErrors, 400: validationErrorSchema })),
    handler: async (request) => exchangeRates.missing(request.scope, request.query),
  });

  routes.route({
    ...(await routeOf(routes, exchangeRateEndpoints.set, writeErrors)),
    handler: async (request, reply) => {
      const context = request.scope;
      const { rate, replaced } = await exchangeRates.set(context, request.body, auditContextOf(request));
      return reply.code(replaced ? 200 : 201).send(rate);
    },
  });
}
