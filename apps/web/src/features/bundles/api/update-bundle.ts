import { bundleEndpoints } from '@meterline/contract/endpoints/bundles';
import type { Bundle, UpdateBundleInput } from '@meterline/contract/bundles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { bundleKeys, counterKeys, customerKeys } from '../../../shared/api/query-keys';

export function updateBundle(serviceId: number, bundleId: number, input: UpdateBundleInput): Promise<Bundle> {
  return callEndpoint(bundleEndpoints.update, { params: { serviceId, id: bundleId }, body: input });
}

/** Customers and meters show their bundle's name: they are refreshed too. */
export function useUpdateBundle(serviceId: number, bundleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBundleInput) => updateBundle(serviceId, bundleId, input),
    onSuccess: async (bundle) => {
      queryClient.setQueryData(bundleKeys.detail(serviceId, bundleId), bundle);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bundleKeys.all(serviceId) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all(serviceId) }),
        queryClient.invalidateQueries({ queryKey: counterKeys.all(serviceId) }),
      ]);
    },
  });
}
