import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import type { UpdateUserInput, User } from '@meterline/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

export function updateTenantUser(tenantId: number, userId: number, input: UpdateUserInput): Promise<User> {
  return callEndpoint(tenantEndpoints.updateUser, { params: { id: tenantId, userId }, body: input });
}

export function useUpdateTenantUser(tenantId: number, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateTenantUser(tenantId, userId, input),
    onSuccess: (user) => {
      queryClient.setQueryData(tenantKeys.user(tenantId, user.id), user);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.userLists(tenantId) });
    },
  });
}
