import { bundleEndpoints } from '@meterline/contract/endpoints/bundles';
import type { Bundle } from '@meterline/contract/bundles';
import type { Paginated } from '@meterline/contract/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../lib/api-client';
import { bundleKeys } from './query-keys';

/**
 * A page of the service's bundles. Shared: the bundles screen lists them, the customer form and
 * the list filters offer them. Writes invalidate `['services', serviceId, 'bundles']`.
 */
export function getBundles(serviceId: number, query: Query, signal?: AbortSignal): Promise<Paginated<Bundle>> {
  return callEndpoint(bundleEndpoints.list, { params: { serviceId }, query, signal });
}

export const bundlesQueryOptions = (serviceId: number, query: Query) =>
  queryOptions({
    queryKey: bundleKeys.list(serviceId, query),
    queryFn: ({ signal }) => getBundles(serviceId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useBundles(serviceId: number | undefined, query: Query, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...bundlesQueryOptions(serviceId ?? 0, query), enabled: isEnabled && Boolean(serviceId) });
}
