import { customerEndpoints } from '@meterline/contract/endpoints/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { bundleKeys, counterKeys, customerKeys, stationKeys } from '../../../shared/api/query-keys';

/** 204, or 409 `protected` once the customer has invoices, payments or readings. */
export function deleteCustomer(serviceId: number, customerId: number): Promise<null> {
  return callEndpoint(customerEndpoints.remove, { params: { serviceId, id: customerId } });
}

export function useDeleteCustomer(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: number) => deleteCustomer(serviceId, customerId),
    onSuccess: (_result, customerId) => {
      queryClient.removeQueries({ queryKey: customerKeys.detail(serviceId, customerId) });
      return Promise.all(
        [customerKeys, counterKeys, bundleKeys, stationKeys].map((keys) =>
          queryClient.invalidateQueries({ queryKey: keys.lists(serviceId) }),
        ),
      );
    },
  });
}
