import { userEndpoints } from '@meterline/contract/endpoints/users';
import type { User } from '@meterline/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, callEndpoint } from '../../../shared/lib/api-client';
import { useSession } from '../../../shared/lib/session';
import { userKeys } from '../../../shared/api/query-keys';

/**
 * Own picture: `POST /auth/users/me/avatar/`, multipart with one `avatar` file (the server checks its content).
 * By hand: an endpoint's body is its schema's JSON input, and a form has none.
 */
export function uploadAvatar(file: File): Promise<User> {
  const form = new FormData();
  form.append('avatar', file, file.name);
  return apiClient.post<User>('auth/users/me/avatar/', form);
}

/** Own picture removed: `DELETE /auth/users/me/avatar/`. */
export function deleteAvatar(): Promise<null> {
  return callEndpoint(userEndpoints.deleteAvatar, { params: {} });
}

/** The signed-in user (the header's avatar), the user's cached record and the staff lists follow the change. */
function useAvatarChanged() {
  const queryClient = useQueryClient();
  const { user, updateUser } = useSession();
  return (avatar: string | null) => {
    updateUser({ avatar });
    if (!user) return;
    queryClient.setQueryData<User>(userKeys.detail(user.id), (cached) => (cached ? { ...cached, avatar } : cached));
    void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
  };
}

export function useUploadAvatar() {
  const changed = useAvatarChanged();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (saved) => changed(saved.avatar) });
}

export function useDeleteAvatar() {
  const changed = useAvatarChanged();
  return useMutation({ mutationFn: deleteAvatar, onSuccess: () => changed(null) });
}
