import { userEndpoints } from '@meterline/contract/endpoints/users';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';

export interface OtpSetup {
  secret: string;
  otpauth_uri: string;
}

/** A new pending secret; codes are on only once a first code confirms it. */
export function startOtp(): Promise<OtpSetup> {
  return callEndpoint(userEndpoints.startOtp, { params: {} });
}

export function useStartOtp() {
  return useMutation({ mutationFn: startOtp });
}
