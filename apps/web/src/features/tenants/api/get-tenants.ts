import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import type { Paginated } from '@meterline/contract/pagination';
import type { Tenant } from '@meterline/contract/tenants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQueryParams } from '../../../shared/hooks/use-list-url-state';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

export function getTenants(query: ListQueryParams, signal?: AbortSignal): Promise<Paginated<Tenant>> {
  return callEndpoint(tenantEndpoints.list, { params: {}, query, signal });
}

export const tenantsQueryOptions = (query: ListQueryParams) =>
  queryOptions({ queryKey: tenantKeys.list(query), queryFn: ({ signal }) => getTenants(query, signal), placeholderData: keepPreviousData });

export function useTenants(query: ListQueryParams) {
  return useQuery(tenantsQueryOptions(query));
}
