import { tariffEndpoints } from '@meterline/contract/endpoints/tariffs';
import type { CreateTariffInput, Tariff } from '@meterline/contract/tariffs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tariffKeys } from '../../../shared/api/query-keys';

export function createTariff(serviceId: number, input: CreateTariffInput): Promise<Tariff> {
  return callEndpoint(tariffEndpoints.create, { params: { serviceId }, body: input });
}

export function useCreateTariff(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTariffInput) => createTariff(serviceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tariffKeys.all(serviceId) }),
  });
}
