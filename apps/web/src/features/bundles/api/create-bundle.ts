import type { Bundle, CreateBundleInput } from '@meterline/contract/bundles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { bundleKeys } from '../../../shared/api/query-keys';

export function createBundle(serviceId: number, input: CreateBundleInput): Promise<Bundle> {
  return apiClient.post<Bundle>(`services/${serviceId}/bundles/`, input);
}

export function useCreateBundle(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBundleInput) => createBundle(serviceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleKeys.all(serviceId) }),
  });
}
