import { customerEndpoints } from '@meterline/contract/endpoints/customers';
import type { Customer, UpdateCustomerInput } from '@meterline/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { auditKeys, bundleKeys, counterKeys, customerKeys, stationKeys } from '../../../shared/api/query-keys';

/** A new bundle closes the subscription and opens one carrying the counter on: meters change too. */
export function updateCustomer(serviceId: number, customerId: number, input: UpdateCustomerInput): Promise<Customer> {
  return callEndpoint(customerEndpoints.update, { params: { serviceId, id: customerId }, body: input });
}

export function useUpdateCustomer(serviceId: number, customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCustomerInput) => updateCustomer(serviceId, customerId, input),
    onSuccess: async (customer) => {
      queryClient.setQueryData(customerKeys.detail(serviceId, customerId), customer);
      await Promise.all([
        ...[customerKeys, counterKeys, bundleKeys, stationKeys].map((keys) =>
          queryClient.invalidateQueries({ queryKey: keys.all(serviceId) }),
        ),
        queryClient.invalidateQueries({ queryKey: auditKeys.of('customer', customerId) }),
      ]);
    },
  });
}
