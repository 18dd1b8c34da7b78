import { apiClient } from '../../../shared/lib/api-client';

/** Always 204: the answer never tells whether the address has an account. */
export function resetPassword(email: string): Promise<void> {
  return apiClient.post<void>('auth/users/reset_password/', { email });
}
