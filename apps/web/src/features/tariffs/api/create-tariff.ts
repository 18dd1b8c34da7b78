import type { CreateTariffInput, Tariff } from '@meterline/contract/tariffs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { tariffKeys } from '../../../shared/api/query-keys';

export function createTariff(serviceId: number, input: CreateTariffInput): Promise<Tariff> {
  return apiClient.post<Tariff>(`services/${serviceId}/tariffs/`, input);
}

export function useCreateTariff(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTariffInput) => createTariff(serviceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tariffKeys.all(serviceId) }),
  });
}
