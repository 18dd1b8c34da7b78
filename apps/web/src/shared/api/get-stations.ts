import { stationEndpoints } from '@meterline/contract/endpoints/stations';
import type { Paginated } from '@meterline/contract/pagination';
import type { Station } from '@meterline/contract/stations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../lib/api-client';
import { stationKeys } from './query-keys';

/**
 * A page of the service's stations. Shared: the stations screen lists them, the customer form and
 * the list filters offer them. Writes invalidate `['services', serviceId, 'stations']`.
 */
export function getStations(serviceId: number, query: Query, signal?: AbortSignal): Promise<Paginated<Station>> {
  return callEndpoint(stationEndpoints.list, { params: { serviceId }, query, signal });
}

export const stationsQueryOptions = (serviceId: number, query: Query) =>
  queryOptions({
    queryKey: stationKeys.list(serviceId, query),
    queryFn: ({ signal }) => getStations(serviceId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useStations(serviceId: number | undefined, query: Query, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...stationsQueryOptions(serviceId ?? 0, query), enabled: isEnabled && Boolean(serviceId) });
}
