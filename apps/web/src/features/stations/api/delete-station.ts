import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { stationKeys } from '../../../shared/api/query-keys';

/** 204, or 409 `protected` while customers or subscriptions use the station. */
export function deleteStation(serviceId: number, stationId: number): Promise<void> {
  return apiClient.delete(`services/${serviceId}/stations/${stationId}/`);
}

export function useDeleteStation(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stationId: number) => deleteStation(serviceId, stationId),
    onSuccess: (_result, stationId) => {
      queryClient.removeQueries({ queryKey: stationKeys.detail(serviceId, stationId) });
      return queryClient.invalidateQueries({ queryKey: stationKeys.lists(serviceId) });
    },
  });
}
