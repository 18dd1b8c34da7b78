import { userEndpoints } from '@meterline/contract/endpoints/users';
import type { UpdateUserInput, User } from '@meterline/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { useSession } from '../../../shared/lib/session';
import { userKeys } from '../../../shared/api/query-keys';

export type ProfileInput = Pick<UpdateUserInput, 'first_name' | 'last_name' | 'phone' | 'email' | 'avatar' | 'digits'>;

/** Own profile fields (`update profile`): `PUT /auth/users/{own id}/`. */
export function updateProfile(userId: number, input: ProfileInput): Promise<User> {
  return callEndpoint(userEndpoints.update, { params: { id: userId }, body: input });
}

/** The answer updates the signed-in user (menu, initials) and the staff list. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { user, updateUser } = useSession();
  return useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(user?.id ?? 0, input),
    onSuccess: (saved) => {
      const { tenant: _tenant, ...fields } = saved;
      updateUser(fields);
      queryClient.setQueryData(userKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
