import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { bundleKeys } from '../../../shared/api/query-keys';

/** 204, or 409 `protected` while subscriptions use the bundle. */
export function deleteBundle(serviceId: number, bundleId: number): Promise<void> {
  return apiClient.delete(`services/${serviceId}/bundles/${bundleId}/`);
}

export function useDeleteBundle(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bundleId: number) => deleteBundle(serviceId, bundleId),
    onSuccess: (_result, bundleId) => {
      queryClient.removeQueries({ queryKey: bundleKeys.detail(serviceId, bundleId) });
      return queryClient.invalidateQueries({ queryKey: bundleKeys.lists(serviceId) });
    },
  });
}
