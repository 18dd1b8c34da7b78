import type { Building } from '@meterline/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { addressKeys } from './query-keys';

export function getBuildings(regionId: number, streetId: number, signal?: AbortSignal): Promise<Building[]> {
  return apiClient.get<Building[]>(`regions/${regionId}/streets/${streetId}/buildings/`, { signal });
}

export const buildingsQueryOptions = (regionId: number, streetId: number) =>
  queryOptions({
    queryKey: addressKeys.buildings(regionId, streetId),
    queryFn: ({ signal }) => getBuildings(regionId, streetId, signal),
  });

export function useBuildings(regionId: number | null | undefined, streetId: number | null | undefined) {
  return useQuery({ ...buildingsQueryOptions(regionId ?? 0, streetId ?? 0), enabled: Boolean(regionId && streetId) });
}
