import { exchangeRateEndpoints } from '@meterline/contract/endpoints/exchange-rates';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api-client';
import { exchangeRateKeys } from './query-keys';

/**
 * The months without an exchange rate while a second currency is set (docs/money-and-numbering.md,
 * "Months without a rate"): the rate screen asks for its default window, an invoice page for its
 * period's month (`{ from, to }`).
 */
export function useMissingExchangeRates(serviceId: number | undefined, range: { from?: string; to?: string } = {}, enabled = true) {
  const query = { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
  return useQuery({
    queryKey: exchangeRateKeys.missing(serviceId ?? 0, query),
    queryFn: ({ signal }) => callEndpoint(exchangeRateEndpoints.missing, { params: { serviceId: serviceId ?? 0 }, query, signal }),
    enabled: Boolean(serviceId) && enabled,
  });
}
