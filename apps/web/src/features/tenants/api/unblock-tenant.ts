import type { Tenant } from '@meterline/contract/tenants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

/** A GET, as the spec's client calls it; the answer replaces the stored tenant (docs/product/specification.md section 4). */
export function unblockTenant(tenantId: number): Promise<Tenant> {
  return apiClient.get<Tenant>(`tenants/${tenantId}/unblock/`);
}

export function useUnblockTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockTenant,
    onSuccess: (tenant) => {
      queryClient.setQueryData(tenantKeys.detail(tenant.id), tenant);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists() });
    },
  });
}
