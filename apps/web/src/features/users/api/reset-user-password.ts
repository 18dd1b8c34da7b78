import { apiClient } from '../../../shared/lib/api-client';

/** A new password for a staff member, shown once (`np`). Nothing cached changes. */
export function resetUserPassword(userId: number): Promise<{ np: string }> {
  return apiClient.post<{ np: string }>(`auth/users/${userId}/reset_password/`);
}
