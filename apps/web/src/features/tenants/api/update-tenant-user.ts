import type { UpdateUserInput, User } from '@meterline/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

export function updateTenantUser(tenantId: number, userId: number, input: UpdateUserInput): Promise<User> {
  return apiClient.put<User>(`tenants/${tenantId}/users/${userId}/`, input);
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
