import type { Region } from '@meterline/contract/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { addressKeys } from './query-keys';

/** The tenant's regions (a plain array, ordered by name). Settings writes invalidate `['regions']`. */
export function getRegions(signal?: AbortSignal): Promise<Region[]> {
  return apiClient.get<Region[]>('regions/', { signal });
}

export const regionsQueryOptions = () => queryOptions({ queryKey: addressKeys.regions, queryFn: ({ signal }) => getRegions(signal) });

export function useRegions({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...regionsQueryOptions(), enabled: isEnabled });
}
