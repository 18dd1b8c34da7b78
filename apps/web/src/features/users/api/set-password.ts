import { userEndpoints } from '@meterline/contract/endpoints/users';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';

export interface SetPasswordInput {
  current_password: string;
  new_password: string;
}

/**
 * 204; the server signs every session of the user out (their tokens stop working), this one too:
 * sent inside `replaceSession`, so its own 401 is final (no refresh).
 */
export function setPassword(input: SetPasswordInput): Promise<null> {
  return callEndpoint(userEndpoints.setPassword, { params: {}, body: input, skipRefresh: true });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
