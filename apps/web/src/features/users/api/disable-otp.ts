import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { useSession } from '../../../shared/lib/session';

/** Turning codes off takes a current code (a stolen session alone cannot do it). */
export function disableOtp(code: string): Promise<void> {
  return apiClient.delete('auth/users/me/otp/', { body: { code } });
}

export function useDisableOtp() {
  const { updateUser } = useSession();
  return useMutation({ mutationFn: disableOtp, onSuccess: () => updateUser({ otp_enabled: false }) });
}
