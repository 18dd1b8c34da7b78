import { exchangeRateEndpoints } from '@meterline/contract/endpoints/exchange-rates';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../lib/api-client';
import { exchangeRateKeys } from './query-keys';

export function getExchangeRates(serviceId: number, query: Query, signal?: AbortSignal) {
  return callEndpoint(exchangeRateEndpoints.list, { params: { serviceId }, query, signal });
}

export const exchangeRatesQueryOptions = (serviceId: number, query: Query) =>
  queryOptions({
    queryKey: exchangeRateKeys.list(serviceId, query),
    queryFn: ({ signal }) => getExchangeRates(serviceId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useExchangeRates(serviceId: number | undefined, query: Query) {
  return useQuery({ ...exchangeRatesQueryOptions(serviceId ?? 0, query), enabled: Boolean(serviceId) });
}
