import { bundleEndpoints } from '@meterline/contract/endpoints/bundles';
import type { Bundle, CreateBundleInput } from '@meterline/contract/bundles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { bundleKeys } from '../../../shared/api/query-keys';

export function createBundle(serviceId: number, input: CreateBundleInput): Promise<Bundle> {
  return callEndpoint(bundleEndpoints.create, { params: { serviceId }, body: input });
}

export function useCreateBundle(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBundleInput) => createBundle(serviceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleKeys.all(serviceId) }),
  });
}
