import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';

/** 204, or 409 `protected` while customers or subscriptions use the station. */
export function deleteStation(serviceId: number, stationId: number): Promise<void> {
  return apiClient.delete(`services/${serviceId}/stations/${stationId}/`);
}

export function useDeleteStation(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stationId: number) => deleteStation(serviceId, stationId),
    onSuccess: (_result, stationId) => {
      queryClient.removeQueries({ queryKey: ['services', serviceId, 'stations', 'detail', stationId] });
      return queryClient.invalidateQueries({ queryKey: ['services', serviceId, 'stations', 'list'] });
    },
  });
}
