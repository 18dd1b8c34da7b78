import { userEndpoints } from '@meterline/contract/endpoints/users';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { useSession } from '../../../shared/lib/session';

/** Turning codes off takes a current code (a stolen session alone cannot do it). */
export function disableOtp(code: string): Promise<null> {
  return callEndpoint(userEndpoints.disableOtp, { params: {}, body: { code } });
}

export function useDisableOtp() {
  const { updateUser } = useSession();
  return useMutation({ mutationFn: disableOtp, onSuccess: () => updateUser({ otp_enabled: false }) });
}
