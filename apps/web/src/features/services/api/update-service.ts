import type { Service, UpdateServiceInput } from '@meterline/contract/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceKeys } from '../../../shared/api/query-keys';
import { apiClient } from '../../../shared/lib/api-client';

/** `PATCH /services/{id}/`: rename, unit, metered, disable or enable (partial). */
export function updateService(serviceId: number, input: UpdateServiceInput): Promise<Service> {
  return apiClient.patch<Service>(`services/${serviceId}/`, input);
}

/** The record gets the answer; the selector's list and the Services screen's refetch (a disabled one leaves the selector). */
export function useUpdateService(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateServiceInput) => updateService(serviceId, input),
    onSuccess: (service) => {
      queryClient.setQueryData(serviceKeys.detail(service.id), service);
      return queryClient.invalidateQueries({ queryKey: serviceKeys.all });
    },
  });
}
