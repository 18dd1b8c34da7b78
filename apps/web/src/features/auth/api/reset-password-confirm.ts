import { userEndpoints } from '@meterline/contract/endpoints/users';
import { callEndpoint } from '../../../shared/lib/api-client';

export function resetPasswordConfirm(input: { uid: string; token: string; new_password: string }): Promise<null> {
  return callEndpoint(userEndpoints.confirmPasswordReset, { params: {}, body: input });
}
