import { stationEndpoints } from '@meterline/contract/endpoints/stations';
import type { Station, CreateStationInput } from '@meterline/contract/stations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { stationKeys } from '../../../shared/api/query-keys';

export function createStation(serviceId: number, input: CreateStationInput): Promise<Station> {
  return callEndpoint(stationEndpoints.create, { params: { serviceId }, body: input });
}

export function useCreateStation(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateStationInput) => createStation(serviceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationKeys.all(serviceId) }),
  });
}
