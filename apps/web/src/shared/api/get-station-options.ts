import { stationEndpoints } from '@meterline/contract/endpoints/stations';
import type { Station } from '@meterline/contract/stations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api-client';
import { stationKeys } from './query-keys';

/** The service's stations (first 100 by name) for the billing run's station choice. */
export async function getStationOptions(serviceId: number, signal?: AbortSignal): Promise<Station[]> {
  const page = await callEndpoint(stationEndpoints.list, { params: { serviceId }, query: { page_size: 100, ordering: 'name' }, signal });
  return page.results;
}

export const stationOptionsQueryOptions = (serviceId: number) =>
  queryOptions({ queryKey: stationKeys.options(serviceId), queryFn: ({ signal }) => getStationOptions(serviceId, signal) });

export function useStationOptions(serviceId: number | undefined, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...stationOptionsQueryOptions(serviceId ?? 0), enabled: isEnabled && Boolean(serviceId) });
}
