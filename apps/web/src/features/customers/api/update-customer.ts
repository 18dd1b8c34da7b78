import type { Customer, UpdateCustomerInput } from '@meterline/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';

/** A new bundle closes the subscription and opens one carrying the counter on: meters change too. */
export function updateCustomer(serviceId: number, customerId: number, input: UpdateCustomerInput): Promise<Customer> {
  return apiClient.put<Customer>(`services/${serviceId}/customers/${customerId}/`, input);
}

export function useUpdateCustomer(serviceId: number, customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCustomerInput) => updateCustomer(serviceId, customerId, input),
    onSuccess: async (customer) => {
      queryClient.setQueryData(['services', serviceId, 'customers', 'detail', customerId], customer);
      await Promise.all(
        ['customers', 'counters', 'bundles', 'stations'].map((entity) => queryClient.invalidateQueries({ queryKey: ['services', serviceId, entity] })),
      );
    },
  });
}
