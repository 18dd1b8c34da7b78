import type { Customer } from '@meterline/contract/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';

export function getCustomer(serviceId: number, customerId: number, signal?: AbortSignal): Promise<Customer> {
  return apiClient.get<Customer>(`services/${serviceId}/customers/${customerId}/`, { signal });
}

export const customerQueryOptions = (serviceId: number, customerId: number) =>
  queryOptions({
    queryKey: ['services', serviceId, 'customers', 'detail', customerId],
    queryFn: ({ signal }) => getCustomer(serviceId, customerId, signal),
  });

export function useCustomer(serviceId: number | undefined, customerId: number) {
  return useQuery({ ...customerQueryOptions(serviceId ?? 0, customerId), enabled: Boolean(serviceId) && customerId > 0 });
}
