import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import type { CreateTenantInput, Tenant } from '@meterline/contract/tenants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

export function createTenant(input: CreateTenantInput): Promise<Tenant> {
  return callEndpoint(tenantEndpoints.create, { params: {}, body: input });
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: (tenant) => {
      queryClient.setQueryData(tenantKeys.detail(tenant.id), tenant);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists() });
    },
  });
}
