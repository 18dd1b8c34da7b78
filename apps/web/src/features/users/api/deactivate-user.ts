import { userEndpoints } from '@meterline/contract/endpoints/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { userKeys } from '../../../shared/api/query-keys';

/** `DELETE /auth/users/{id}/` deactivates (204): the user is signed out and cannot sign in. */
export function deactivateUser(userId: number): Promise<null> {
  return callEndpoint(userEndpoints.deactivate, { params: { id: userId } });
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: (_result, userId) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) });
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
