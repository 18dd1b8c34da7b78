import type { Config } from '@meterline/contract/config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { configKeys } from '../../../shared/api/query-keys';
import { useSession } from '../../../shared/lib/session';

export function deleteLogo(): Promise<void> {
  return apiClient.delete('config/logo/');
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
