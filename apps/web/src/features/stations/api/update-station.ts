import { stationEndpoints } from '@meterline/contract/endpoints/stations';
import type { Station, UpdateStationInput } from '@meterline/contract/stations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { counterKeys, customerKeys, stationKeys } from '../../../shared/api/query-keys';

export function updateStation(serviceId: number, stationId: number, input: UpdateStationInput): Promise<Station> {
  return callEndpoint(stationEndpoints.update, { params: { serviceId, id: stationId }, body: input });
}

/** Customers and meters show their station's name: they are refreshed too. */
export function useUpdateStation(serviceId: number, stationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateStationInput) => updateStation(serviceId, stationId, input),
    onSuccess: async (station) => {
      queryClient.setQueryData(stationKeys.detail(serviceId, stationId), station);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: stationKeys.all(serviceId) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all(serviceId) }),
        queryClient.invalidateQueries({ queryKey: counterKeys.all(serviceId) }),
      ]);
    },
  });
}
