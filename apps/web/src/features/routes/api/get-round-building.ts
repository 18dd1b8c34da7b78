import { routeEndpoints } from '@meterline/contract/endpoints/routes';
import type { RouteBuilding } from '@meterline/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { routeKeys } from '../../../shared/api/query-keys';

/** One building of the round with its customers: what to do and what was done. */
export function getRoundBuilding(serviceId: number, buildingId: number, query: Query, signal?: AbortSignal): Promise<RouteBuilding> {
  return callEndpoint(routeEndpoints.building, { params: { serviceId, buildingId }, query, signal });
}

export const roundBuildingQueryOptions = (serviceId: number, buildingId: number, query: Query) =>
  queryOptions({
    queryKey: routeKeys.detail(serviceId, buildingId, query),
    queryFn: ({ signal }) => getRoundBuilding(serviceId, buildingId, query, signal),
  });

export function useRoundBuilding(serviceId: number | undefined, buildingId: number, query: Query) {
  return useQuery({ ...roundBuildingQueryOptions(serviceId ?? 0, buildingId, query), enabled: Boolean(serviceId) && buildingId > 0 });
}
