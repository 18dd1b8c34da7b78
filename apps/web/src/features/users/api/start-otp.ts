import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';

export interface OtpSetup {
  secret: string;
  otpauth_uri: string;
}

/** A new pending secret; codes are on only once a first code confirms it. */
export function startOtp(): Promise<OtpSetup> {
  return apiClient.post<OtpSetup>('auth/users/me/otp/');
}

export function useStartOtp() {
  return useMutation({ mutationFn: startOtp });
}
