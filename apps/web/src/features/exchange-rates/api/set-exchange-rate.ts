import { exchangeRateEndpoints } from '@meterline/contract/endpoints/exchange-rates';
import type { SetExchangeRateInput } from '@meterline/contract/exchange-rates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { exchangeRateKeys } from '../../../shared/api/query-keys';

export function setExchangeRate(serviceId: number, input: SetExchangeRateInput) {
  return callEndpoint(exchangeRateEndpoints.set, { params: { serviceId }, body: input });
}

export function useSetExchangeRate(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetExchangeRateInput) => setExchangeRate(serviceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exchangeRateKeys.all(serviceId) }),
  });
}
