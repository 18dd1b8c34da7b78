import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

/** The configured database aliases, `default` first. */
export function getTenantAliases(signal?: AbortSignal): Promise<string[]> {
  return apiClient.get<string[]>('tenants/aliases/', { signal });
}

export const tenantAliasesQueryOptions = () =>
  queryOptions({ queryKey: tenantKeys.aliases(), queryFn: ({ signal }) => getTenantAliases(signal), staleTime: Infinity });

export function useTenantAliases() {
  return useQuery(tenantAliasesQueryOptions());
}
