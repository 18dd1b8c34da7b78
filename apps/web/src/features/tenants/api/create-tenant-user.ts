import { tenantEndpoints } from '@meterline/contract/endpoints/tenants';
import type { CreateUserInput, User } from '@meterline/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { tenantKeys } from '../../../shared/api/query-keys';

export function createTenantUser(tenantId: number, input: CreateUserInput): Promise<User> {
  return callEndpoint(tenantEndpoints.createUser, { params: { id: tenantId }, body: input });
}

/** Also refreshes the client (its users_count) in the list and on its page. */
export function useCreateTenantUser(tenantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => createTenantUser(tenantId, input),
    onSuccess: (user) => {
      queryClient.setQueryData(tenantKeys.user(tenantId, user.id), user);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.userLists(tenantId) });
      void queryClient.invalidateQueries({ queryKey: tenantKeys.detail(tenantId) });
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists() });
    },
  });
}
