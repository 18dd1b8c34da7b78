import type { CreateUserInput, User } from '@meterline/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { userKeys } from '../../../shared/api/query-keys';

export function createUser(input: CreateUserInput): Promise<User> {
  return apiClient.post<User>('auth/users/', input);
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
