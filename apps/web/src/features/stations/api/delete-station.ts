import { stationEndpoints } from '@meterline/contract/endpoints/stations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { stationKeys } from '../../../shared/api/query-keys';

/** 204, or 409 `protected` while customers or subscriptions use the station. */
export function deleteStation(serviceId: number, stationId: number): Promise<null> {
  return callEndpoint(stationEndpoints.remove, { params: { serviceId, id: stationId } });
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
