import { tariffEndpoints } from '@meterline/contract/endpoints/tariffs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tariffKeys } from '../../../shared/api/query-keys';

/** 204, or 409 `tariff_in_use` once an invoice was priced with the tariff. */
export function deleteTariff(serviceId: number, tariffId: number): Promise<null> {
  return callEndpoint(tariffEndpoints.remove, { params: { serviceId, id: tariffId } });
}

export function useDeleteTariff(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tariffId: number) => deleteTariff(serviceId, tariffId),
    onSuccess: (_result, tariffId) => {
      queryClient.removeQueries({ queryKey: tariffKeys.detail(serviceId, tariffId) });
      return queryClient.invalidateQueries({ queryKey: tariffKeys.all(serviceId) });
    },
  });
}
