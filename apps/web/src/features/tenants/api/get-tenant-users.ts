import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import type { Paginated } from '@meterline/contract/pagination';
import type { User } from '@meterline/contract/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQueryParams } from '../../../shared/hooks/use-list-url-state';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

export function getTenantUsers(tenantId: number, query: ListQueryParams, signal?: AbortSignal): Promise<Paginated<User>> {
  return callEndpoint(tenantEndpoints.users, { params: { id: tenantId }, query, signal });
}

export const tenantUsersQueryOptions = (tenantId: number, query: ListQueryParams) =>
  queryOptions({
    queryKey: tenantKeys.userList(tenantId, query),
    queryFn: ({ signal }) => getTenantUsers(tenantId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useTenantUsers(tenantId: number, query: ListQueryParams) {
  return useQuery(tenantUsersQueryOptions(tenantId, query));
}
