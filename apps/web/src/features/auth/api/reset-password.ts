import { userEndpoints } from '@meterline/contract/endpoints/users';
import { callEndpoint } from '../../../shared/lib/api-client';

/** Always 204: the answer never tells whether the address has an account. */
export function resetPassword(email: string): Promise<null> {
  return callEndpoint(userEndpoints.requestPasswordReset, { params: {}, body: { email } });
}
