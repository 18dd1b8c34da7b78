import { configEndpoints } from '@meterline/contract/endpoints/config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { configKeys } from '../../../shared/api/query-keys';

export function getConfig(signal?: AbortSignal) {
  return callEndpoint(configEndpoints.get, { params: {}, signal });
}

export const configQueryOptions = () => queryOptions({ queryKey: configKeys.all, queryFn: ({ signal }) => getConfig(signal) });

export function useConfig() {
  return useQuery(configQueryOptions());
}
