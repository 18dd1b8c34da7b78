import { bundleEndpoints } from '@meterline/contract/endpoints/bundles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { bundleKeys } from '../../../shared/api/query-keys';

/** 204, or 409 `protected` while subscriptions use the bundle. */
export function deleteBundle(serviceId: number, bundleId: number): Promise<null> {
  return callEndpoint(bundleEndpoints.remove, { params: { serviceId, id: bundleId } });
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
