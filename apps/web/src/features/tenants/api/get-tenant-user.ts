import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import type { User } from '@meterline/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

export function getTenantUser(tenantId: number, userId: number, signal?: AbortSignal): Promise<User> {
  return callEndpoint(tenantEndpoints.user, { params: { id: tenantId, userId }, signal });
}

export const tenantUserQueryOptions = (tenantId: number, userId: number) =>
  queryOptions({ queryKey: tenantKeys.user(tenantId, userId), queryFn: ({ signal }) => getTenantUser(tenantId, userId, signal) });

export function useTenantUser(tenantId: number, userId: number) {
  return useQuery({ ...tenantUserQueryOptions(tenantId, userId), enabled: tenantId > 0 && userId > 0 });
}
