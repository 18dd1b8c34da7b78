import { customerEndpoints } from '@meterline/contract/endpoints/customers';
import type { Customer, CustomerTotals } from '@meterline/contract/customers';
import type { Paginated } from '@meterline/contract/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { customerKeys } from '../../../shared/api/query-keys';

/** A page of the service's customers (search, status, station, region, bundle, balance_due). */
export function getCustomers(serviceId: number, query: Query, signal?: AbortSignal): Promise<Paginated<Customer, CustomerTotals>> {
  return callEndpoint(customerEndpoints.list, { params: { serviceId }, query, signal });
}

export const customersQueryOptions = (serviceId: number, query: Query) =>
  queryOptions({
    queryKey: customerKeys.list(serviceId, query),
    queryFn: ({ signal }) => getCustomers(serviceId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomers(serviceId: number | undefined, query: Query) {
  return useQuery({ ...customersQueryOptions(serviceId ?? 0, query), enabled: Boolean(serviceId) });
}
