import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import type { Tenant } from '@meterline/contract/tenants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

export function getTenant(tenantId: number, signal?: AbortSignal): Promise<Tenant> {
  return callEndpoint(tenantEndpoints.get, { params: { id: tenantId }, signal });
}

export const tenantQueryOptions = (tenantId: number) =>
  queryOptions({ queryKey: tenantKeys.detail(tenantId), queryFn: ({ signal }) => getTenant(tenantId, signal) });

export function useTenant(tenantId: number) {
  return useQuery({ ...tenantQueryOptions(tenantId), enabled: tenantId > 0 });
}
