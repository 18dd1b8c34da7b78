import { subscriptionEndpoints } from '@meterline/contract/endpoints/subscriptions';
import type { Paginated } from '@meterline/contract/pagination';
import type { Counter } from '@meterline/contract/subscriptions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../lib/api-client';
import { counterKeys } from './query-keys';

/** The meters of one building, as the round's building reads them (and the round's day seeds them, docs/offline.md). */
export const buildingCountersQuery = (buildingId: number) => ({ building: buildingId, page_size: 100 });

/** The service's open meters (`?search=` name, code, phone or building; station, region, street, building, bundle). */
export function getCounters(serviceId: number, query: Query, signal?: AbortSignal): Promise<Paginated<Counter>> {
  return callEndpoint(subscriptionEndpoints.counters, { params: { serviceId }, query, signal });
}

export const countersQueryOptions = (serviceId: number, query: Query) =>
  queryOptions({
    queryKey: counterKeys.list(serviceId, query),
    queryFn: ({ signal }) => getCounters(serviceId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCounters(serviceId: number | undefined, query: Query) {
  return useQuery({ ...countersQueryOptions(serviceId ?? 0, query), enabled: Boolean(serviceId) });
}
