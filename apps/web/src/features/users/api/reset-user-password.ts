import { userEndpoints } from '@meterline/contract/endpoints/users';
import { callEndpoint } from '../../../shared/lib/api-client';

/** A new password for a staff member, shown once (`np`). Nothing cached changes. */
export function resetUserPassword(userId: number): Promise<{ np: string }> {
  return callEndpoint(userEndpoints.resetPassword, { params: { id: userId } });
}
