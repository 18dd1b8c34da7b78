import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

/** The configured database aliases, `default` first. */
export function getTenantAliases(signal?: AbortSignal): Promise<string[]> {
  return callEndpoint(tenantEndpoints.aliases, { params: {}, signal });
}

export const tenantAliasesQueryOptions = () =>
  queryOptions({ queryKey: tenantKeys.aliases(), queryFn: ({ signal }) => getTenantAliases(signal), staleTime: Infinity });

export function useTenantAliases() {
  return useQuery(tenantAliasesQueryOptions());
}
