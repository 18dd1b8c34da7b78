import type { ExchangeRate, SetExchangeRateInput } from '@meterline/contract/exchange-rates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { exchangeRateKeys } from '../../../shared/api/query-keys';

export function setExchangeRate(serviceId: number, input: SetExchangeRateInput): Promise<ExchangeRate> {
  return apiClient.post<ExchangeRate>(`services/${serviceId}/exchange-rates/`, input);
}

export function useSetExchangeRate(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetExchangeRateInput) => setExchangeRate(serviceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exchangeRateKeys.all(serviceId) }),
  });
}
