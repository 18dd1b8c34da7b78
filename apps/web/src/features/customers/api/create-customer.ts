import { customerEndpoints } from '@meterline/contract/endpoints/customers';
import type { CreateCustomerInput, Customer } from '@meterline/contract/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { bundleKeys, counterKeys, customerKeys, stationKeys } from '../../../shared/api/query-keys';

/** A `bundle` opens the customer's subscription (counter 0): meters and bundle counts change too. */
export function createCustomer(serviceId: number, input: CreateCustomerInput): Promise<Customer> {
  return callEndpoint(customerEndpoints.create, { params: { serviceId }, body: input });
}

export function useCreateCustomer(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCustomerInput) => createCustomer(serviceId, input),
    onSuccess: () =>
      Promise.all(
        [customerKeys, counterKeys, bundleKeys, stationKeys].map((keys) =>
          queryClient.invalidateQueries({ queryKey: keys.all(serviceId) }),
        ),
      ),
  });
}
