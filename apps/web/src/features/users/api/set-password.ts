import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';

export interface SetPasswordInput {
  current_password: string;
  new_password: string;
}

/**
 * 204; the server signs every session of the user out (their tokens stop working), this one too:
 * sent inside `replaceSession`, so its own 401 is final (no refresh).
 */
export function setPassword(input: SetPasswordInput): Promise<void> {
  return apiClient.post('auth/users/set_password/', input, { skipRefresh: true });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
