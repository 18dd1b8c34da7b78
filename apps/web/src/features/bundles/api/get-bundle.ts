import { bundleEndpoints } from '@meterline/contract/endpoints/bundles';
import type { Bundle } from '@meterline/contract/bundles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { bundleKeys } from '../../../shared/api/query-keys';

export function getBundle(serviceId: number, bundleId: number, signal?: AbortSignal): Promise<Bundle> {
  return callEndpoint(bundleEndpoints.get, { params: { serviceId, id: bundleId }, signal });
}

export const bundleQueryOptions = (serviceId: number, bundleId: number) =>
  queryOptions({ queryKey: bundleKeys.detail(serviceId, bundleId), queryFn: ({ signal }) => getBundle(serviceId, bundleId, signal) });

export function useBundle(serviceId: number | undefined, bundleId: number) {
  return useQuery({ ...bundleQueryOptions(serviceId ?? 0, bundleId), enabled: Boolean(serviceId) && bundleId > 0 });
}
