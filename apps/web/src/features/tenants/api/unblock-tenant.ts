import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import type { Tenant } from '@meterline/contract/tenants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

/** A GET, as the spec's client calls it; the answer replaces the stored tenant (docs/product/specification.md section 4). */
export function unblockTenant(tenantId: number): Promise<Tenant> {
  return callEndpoint(tenantEndpoints.unblock, { params: { id: tenantId } });
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
