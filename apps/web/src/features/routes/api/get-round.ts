import { routeEndpoints } from '@meterline/contract/endpoints/routes';
import type { Paginated } from '@meterline/contract/pagination';
import type { RouteStop } from '@meterline/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { routeKeys } from '../../../shared/api/query-keys';

/** The buildings of a round in walking order, each with its progress (`?collector=&date=`). */
export function getRound(serviceId: number, query: Query, signal?: AbortSignal): Promise<Paginated<RouteStop>> {
  return callEndpoint(routeEndpoints.round, { params: { serviceId }, query, signal });
}

export const roundQueryOptions = (serviceId: number, query: Query) =>
  queryOptions({
    queryKey: routeKeys.list(serviceId, query),
    queryFn: ({ signal }) => getRound(serviceId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useRound(serviceId: number | undefined, query: Query, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...roundQueryOptions(serviceId ?? 0, query), enabled: Boolean(serviceId) && isEnabled });
}
