import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';

export interface SetPasswordInput {
  current_password: string;
  new_password: string;
}

/** 204; the server signs every session of the user out (their tokens stop working). */
export function setPassword(input: SetPasswordInput): Promise<void> {
  return apiClient.post('auth/users/set_password/', input);
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
