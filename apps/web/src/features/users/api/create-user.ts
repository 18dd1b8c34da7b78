import { userEndpoints } from '@meterline/contract/endpoints/users';
import type { CreateUserInput, User } from '@meterline/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { userKeys } from '../../../shared/api/query-keys';

export function createUser(input: CreateUserInput): Promise<User> {
  return callEndpoint(userEndpoints.create, { params: {}, body: input });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
