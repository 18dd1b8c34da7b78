import type { Config } from '@meterline/contract/config';
import { configEndpoints } from '@meterline/contract/endpoints/config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { configKeys } from '../../../shared/api/query-keys';
import { useSession } from '../../../shared/lib/session';

export async function deleteLogo(): Promise<void> {
  await callEndpoint(configEndpoints.deleteLogo, { params: {} });
}

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  const { user, updateUser } = useSession();
  return useMutation({
    mutationFn: deleteLogo,
    onSuccess: () => {
      queryClient.setQueryData<Config>(configKeys.all, (config) => (config ? { ...config, logo: null } : config));
      if (user?.tenant) updateUser({ tenant: { ...user.tenant, logo: null } });
    },
  });
}
