import { apiClient } from '../../../shared/lib/api-client';

export function resetPasswordConfirm(input: { uid: string; token: string; new_password: string }): Promise<void> {
  return apiClient.post<void>('auth/users/reset_password_confirm/', input);
}
