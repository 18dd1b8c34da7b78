import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import type { Tenant, UpdateTenantInput } from '@meterline/contract/tenants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

export function updateTenant(tenantId: number, input: UpdateTenantInput): Promise<Tenant> {
  return callEndpoint(tenantEndpoints.update, { params: { id: tenantId }, body: input });
}

export function useUpdateTenant(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTenantInput) => updateTenant(tenantId, input),
    onSuccess: (tenant) => {
      queryClient.setQueryData(tenantKeys.detail(tenant.id), tenant);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists() });
    },
  });
}
