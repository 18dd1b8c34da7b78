import { endpoint } from '../endpoint';

const tags = ['exchange-rates'];
const schemas = () => import('../exchange-rates');

/** `/api/services/{serviceId}/exchange-rates/`: the tenant's monthly rates of its second currency. */
export const exchangeRateEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'services/:serviceId/exchange-rates/',
    permission: ['list', 'exchange_rate'],
    summary: 'Monthly exchange rates of the second currency (paginated; ?format=csv)',
    tags,
    schemas: async () => {
      const { listExchangeRatesQuerySchema, paginatedExchangeRatesSchema } = await schemas();
      return { query: listExchangeRatesQuerySchema, response: paginatedExchangeRatesSchema };
    },
  }),
  missing: endpoint({
    method: 'GET',
    path: 'services/:serviceId/exchange-rates/missing/',
    permission: ['list', 'exchange_rate'],
    summary: 'Months without a rate of their own while a second currency is set (the last 12 months and the next one, or ?from=&to=)',
    tags,
    schemas: async () => {
      const { missingExchangeRatesQuerySchema, missingExchangeRatesSchema } = await schemas();
      return { query: missingExchangeRatesQuerySchema, response: missingExchangeRatesSchema };
    },
  }),
  set: endpoint({
    method: 'POST',
    path: 'services/:serviceId/exchange-rates/',
    permission: ['create', 'exchange_rate'],
    status: [200, 201],
    summary: "Set a month's rate (201; 200 when it replaces the month's rate)",
    tags,
    schemas: async () => {
      const { exchangeRateSchema, setExchangeRateInputSchema } = await schemas();
      return { body: setExchangeRateInputSchema, response: exchangeRateSchema };
    },
  }),
};
