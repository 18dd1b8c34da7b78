import { userEndpoints } from '@meterline/contract/endpoints/users';
import type { UpdateUserInput, User } from '@meterline/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { userKeys } from '../../../shared/api/query-keys';

export function updateUser(userId: number, input: UpdateUserInput): Promise<User> {
  return callEndpoint(userEndpoints.update, { params: { id: userId }, body: input });
}

export function useUpdateUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateUser(userId, input),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
