import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationErrorSchema } from '@meterline/contract/errors';
import {
  exchangeRateSchema,
  listExchangeRatesQuerySchema,
  paginatedExchangeRatesSchema,
  setExchangeRateInputSchema,
  type ExchangeRate,
} from '@meterline/contract/exchange-rates';
import { sendList, type CsvColumn } from '../../lib/list';
import { readErrors, writeErrors } from '../../lib/route-schemas';
import { auditContextOf } from '../../plugins/request-context';
import { serviceParamsSchema } from '../../scope/service-scope';
import type { ExchangeRateService } from './exchange-rates.service';

const EXCHANGE_RATE_CSV_COLUMNS: CsvColumn<ExchangeRate>[] = [
  { header: 'month', value: (row) => row.month },
  { header: 'currency', value: (row) => row.currency },
  { header: 'rate', value: (row) => row.rate, numeric: true },
  { header: 'set_at', value: (row) => row.set_at },
];

/** `/api/services/{serviceId}/exchange-rates/`: the tenant's monthly rates (list, set a month's). */
export async function exchangeRateRoutes(app: FastifyInstance, options: { exchangeRates: ExchangeRateService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { exchangeRates } = options;
  const tags = ['exchange-rates'];

  routes.get(
    '/',
    {
      config: { permission: ['list', 'exchange_rate'] },
      schema: {
        tags,
        summary: 'Monthly exchange rates of the second currency (paginated; ?format=csv)',
        params: serviceParamsSchema,
        querystring: listExchangeRatesQuerySchema,
        response: { 200: paginatedExchangeRatesSchema, ...readErrors, 400: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      return sendList(request, reply, context.db, request.query, await exchangeRates.listSource(context, request.query), {
        filename: 'exchange-rates',
        columns: EXCHANGE_RATE_CSV_COLUMNS,
      });
    },
  );

  routes.post(
    '/',
    {
      config: { permission: ['create', 'exchange_rate'] },
      schema: {
        tags,
        summary: "Set a month's rate (201; 200 when it replaces the month's rate)",
        params: serviceParamsSchema,
        body: setExchangeRateInputSchema,
        response: { 200: exchangeRateSchema, 201: exchangeRateSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const context = request.scope;
      const { rate, replaced } = await exchangeRates.set(context, request.body, auditContextOf(request));
      return reply.code(replaced ? 200 : 201).send(rate);
    },
  );
}
