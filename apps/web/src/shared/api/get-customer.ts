import { customerEndpoints } from '@meterline/contract/endpoints/customers';
import type { Customer } from '@meterline/contract/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api-client';
import { customerKeys } from './query-keys';

/** One customer: the name of a customer filter from the URL, and the meter to bill. */
export function getCustomer(serviceId: number, customerId: number, signal?: AbortSignal): Promise<Customer> {
  return callEndpoint(customerEndpoints.get, { params: { serviceId, id: customerId }, signal });
}

export const customerQueryOptions = (serviceId: number, customerId: number) =>
  queryOptions({
    queryKey: customerKeys.detail(serviceId, customerId),
    queryFn: ({ signal }) => getCustomer(serviceId, customerId, signal),
  });

export function useCustomer(serviceId: number | undefined, customerId: number | null) {
  return useQuery({ ...customerQueryOptions(serviceId ?? 0, customerId ?? 0), enabled: Boolean(serviceId) && Boolean(customerId) });
}
