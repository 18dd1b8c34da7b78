import { tariffEndpoints } from '@meterline/contract/endpoints/tariffs';
import type { Tariff, UpdateTariffInput } from '@meterline/contract/tariffs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tariffKeys } from '../../../shared/api/query-keys';

/** 409 `tariff_in_use` once an invoice was priced with the tariff. */
export function updateTariff(serviceId: number, tariffId: number, input: UpdateTariffInput): Promise<Tariff> {
  return callEndpoint(tariffEndpoints.update, { params: { serviceId, id: tariffId }, body: input });
}

export function useUpdateTariff(serviceId: number, tariffId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTariffInput) => updateTariff(serviceId, tariffId, input),
    onSuccess: (tariff) => {
      queryClient.setQueryData(tariffKeys.detail(serviceId, tariffId), tariff);
      return queryClient.invalidateQueries({ queryKey: tariffKeys.all(serviceId) });
    },
  });
}
