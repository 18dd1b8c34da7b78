import type { Service } from '@meterline/contract/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { serviceKeys } from './query-keys';

/**
 * Rejects with 'Wrong Services' when the call fails without a body (docs/product/specification.md section 7).
 * By hand, not `serviceEndpoints.list`: the app shell loads it on every screen, and the endpoint there would
 * put the services' group and its schemas' chunks to preload into every screen (+0.8 KB; docs/api.md, "Endpoints").
 */
export function getServices(signal?: AbortSignal): Promise<Service[]> {
  return apiClient.get<Service[]>('services/', { signal, fallbackMessage: 'Wrong Services' });
}

/** Fetched once per session (docs/product/specification.md section 4): never stale, kept while the shell lives. */
export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: serviceKeys.all,
    queryFn: ({ signal }) => getServices(signal),
    staleTime: Infinity,
  });

export function useServices({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...servicesQueryOptions(), enabled: isEnabled });
}
