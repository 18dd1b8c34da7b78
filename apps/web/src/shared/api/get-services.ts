import { serviceEndpoints } from '@meterline/contract/endpoints/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api-client';
import { serviceKeys } from './query-keys';

/** Rejects with 'Wrong Services' when the call fails without a body (docs/product/specification.md section 7). */
export function getServices(signal?: AbortSignal) {
  return callEndpoint(serviceEndpoints.list, { params: {}, signal, fallbackMessage: 'Wrong Services' });
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
