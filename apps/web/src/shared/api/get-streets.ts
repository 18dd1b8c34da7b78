import type { Street } from '@meterline/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { addressKeys } from './query-keys';

export function getStreets(regionId: number, signal?: AbortSignal): Promise<Street[]> {
  return apiClient.get<Street[]>(`regions/${regionId}/streets/`, { signal });
}

/** Under `['regions', regionId, 'streets']`, so invalidating `['regions']` refreshes every level. */
export const streetsQueryOptions = (regionId: number) =>
  queryOptions({ queryKey: addressKeys.streets(regionId), queryFn: ({ signal }) => getStreets(regionId, signal) });

export function useStreets(regionId: number | null | undefined) {
  return useQuery({ ...streetsQueryOptions(regionId ?? 0), enabled: Boolean(regionId) });
}
