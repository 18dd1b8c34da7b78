import type { CreateServiceInput, Service } from '@meterline/contract/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceKeys } from '../../../shared/api/query-keys';
import { apiClient } from '../../../shared/lib/api-client';

export function createService(input: CreateServiceInput): Promise<Service> {
  return apiClient.post<Service>('services/', input);
}

/** The selector's list and the Services screen's both refetch. */
export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
