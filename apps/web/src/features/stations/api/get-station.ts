import { stationEndpoints } from '@meterline/contract/endpoints/stations';
import type { Station } from '@meterline/contract/stations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { stationKeys } from '../../../shared/api/query-keys';

export function getStation(serviceId: number, stationId: number, signal?: AbortSignal): Promise<Station> {
  return callEndpoint(stationEndpoints.get, { params: { serviceId, id: stationId }, signal });
}

export const stationQueryOptions = (serviceId: number, stationId: number) =>
  queryOptions({ queryKey: stationKeys.detail(serviceId, stationId), queryFn: ({ signal }) => getStation(serviceId, stationId, signal) });

export function useStation(serviceId: number | undefined, stationId: number) {
  return useQuery({ ...stationQueryOptions(serviceId ?? 0, stationId), enabled: Boolean(serviceId) && stationId > 0 });
}
