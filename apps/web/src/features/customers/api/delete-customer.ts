import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';

/** 204, or 409 `protected` once the customer has invoices, payments or readings. */
export function deleteCustomer(serviceId: number, customerId: number): Promise<void> {
  return apiClient.delete(`services/${serviceId}/customers/${customerId}/`);
}

export function useDeleteCustomer(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: number) => deleteCustomer(serviceId, customerId),
    onSuccess: (_result, customerId) => {
      queryClient.removeQueries({ queryKey: ['services', serviceId, 'customers', 'detail', customerId] });
      return Promise.all(
        ['customers', 'counters', 'bundles', 'stations'].map((entity) => queryClient.invalidateQueries({ queryKey: ['services', serviceId, entity, 'list'] })),
      );
    },
  });
}
