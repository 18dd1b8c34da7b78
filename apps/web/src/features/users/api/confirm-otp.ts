import { userEndpoints } from '@meterline/contract/endpoints/users';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { useSession } from '../../../shared/lib/session';

export function confirmOtp(code: string): Promise<null> {
  return callEndpoint(userEndpoints.confirmOtp, { params: {}, body: { code } });
}

export function useConfirmOtp() {
  const { updateUser } = useSession();
  return useMutation({ mutationFn: confirmOtp, onSuccess: () => updateUser({ otp_enabled: true }) });
}
