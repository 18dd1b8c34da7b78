import type { Tenant } from '@meterline/contract/tenants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

export function getTenant(tenantId: number, signal?: AbortSignal): Promise<Tenant> {
  return apiClient.get<Tenant>(`tenants/${tenantId}/`, { signal });
}

export const tenantQueryOptions = (tenantId: number) =>
  queryOptions({ queryKey: tenantKeys.detail(tenantId), queryFn: ({ signal }) => getTenant(tenantId, signal) });

export function useTenant(tenantId: number) {
  return useQuery({ ...tenantQueryOptions(tenantId), enabled: tenantId > 0 });
}
