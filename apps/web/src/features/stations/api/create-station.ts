import type { Station, CreateStationInput } from '@meterline/contract/stations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { stationKeys } from '../../../shared/api/query-keys';

export function createStation(serviceId: number, input: CreateStationInput): Promise<Station> {
  return apiClient.post<Station>(`services/${serviceId}/stations/`, input);
}

export function useCreateStation(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateStationInput) => createStation(serviceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stationKeys.all(serviceId) }),
  });
}
