import { serviceEndpoints } from '@meterline/contract/endpoints/services';
import type { CreateServiceInput } from '@meterline/contract/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceKeys } from '../../../shared/api/query-keys';
import { callEndpoint } from '../../../shared/lib/api-client';

export function createService(input: CreateServiceInput) {
  return callEndpoint(serviceEndpoints.create, { params: {}, body: input });
}

/** The selector's list and the Services screen's both refetch. */
export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
