import type { CreateTenantInput, Tenant } from '@meterline/contract/tenants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

export function createTenant(input: CreateTenantInput): Promise<Tenant> {
  return apiClient.post<Tenant>('tenants/', input);
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
