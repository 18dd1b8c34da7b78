import type { Bundle, UpdateBundleInput } from '@meterline/contract/bundles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';

export function updateBundle(serviceId: number, bundleId: number, input: UpdateBundleInput): Promise<Bundle> {
  return apiClient.put<Bundle>(`services/${serviceId}/bundles/${bundleId}/`, input);
}

/** Customers and meters show their bundle's name: they are refreshed too. */
export function useUpdateBundle(serviceId: number, bundleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBundleInput) => updateBundle(serviceId, bundleId, input),
    onSuccess: async (bundle) => {
      queryClient.setQueryData(['services', serviceId, 'bundles', 'detail', bundleId], bundle);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['services', serviceId, 'bundles'] }),
        queryClient.invalidateQueries({ queryKey: ['services', serviceId, 'customers'] }),
        queryClient.invalidateQueries({ queryKey: ['services', serviceId, 'counters'] }),
      ]);
    },
  });
}
