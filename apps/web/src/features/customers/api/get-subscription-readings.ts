import { subscriptionEndpoints } from '@meterline/contract/endpoints/subscriptions';
import type { Paginated } from '@meterline/contract/pagination';
import type { Reading } from '@meterline/contract/subscriptions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { counterKeys } from '../../../shared/api/query-keys';

/** The meter's append-only history (readings and resets), newest first. Needs `list counter`. */
export function getSubscriptionReadings(
  serviceId: number,
  subscriptionId: number,
  query: Query,
  signal?: AbortSignal,
): Promise<Paginated<Reading>> {
  return callEndpoint(subscriptionEndpoints.readings, { params: { serviceId, id: subscriptionId }, query, signal });
}

/** Under `counters`, so a new reading or a reset (which invalidate `counters`) refreshes it. */
export const subscriptionReadingsQueryOptions = (serviceId: number, subscriptionId: number, query: Query) =>
  queryOptions({
    queryKey: counterKeys.readings(serviceId, subscriptionId, query),
    queryFn: ({ signal }) => getSubscriptionReadings(serviceId, subscriptionId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useSubscriptionReadings(serviceId: number | undefined, subscriptionId: number | undefined, query: Query) {
  return useQuery({
    ...subscriptionReadingsQueryOptions(serviceId ?? 0, subscriptionId ?? 0, query),
    enabled: Boolean(serviceId && subscriptionId),
  });
}
