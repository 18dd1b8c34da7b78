import type { Config } from '@meterline/contract/config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { configKeys } from '../../../shared/api/query-keys';

export function getConfig(signal?: AbortSignal): Promise<Config> {
  return apiClient.get<Config>('config/', { signal });
}

export const configQueryOptions = () => queryOptions({ queryKey: configKeys.all, queryFn: ({ signal }) => getConfig(signal) });

export function useConfig() {
  return useQuery(configQueryOptions());
}
