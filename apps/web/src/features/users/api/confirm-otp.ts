import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { useSession } from '../../../shared/lib/session';

export function confirmOtp(code: string): Promise<void> {
  return apiClient.post('auth/users/me/otp/confirm/', { code });
}

export function useConfirmOtp() {
  const { updateUser } = useSession();
  return useMutation({ mutationFn: confirmOtp, onSuccess: () => updateUser({ otp_enabled: true }) });
}
