import { customerEndpoints } from '@meterline/contract/endpoints/customers';
import type { Customer } from '@meterline/contract/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { customerKeys } from '../../../shared/api/query-keys';

const OPTIONS_PAGE_SIZE = 20;

/** Customers matching a search (name, code, phone) for the invoice pickers: the first 20. */
export async function getCustomerOptions(serviceId: number, search: string, signal?: AbortSignal): Promise<Customer[]> {
  const page = await callEndpoint(customerEndpoints.list, {
    params: { serviceId },
    query: { search: search.trim(), page_size: OPTIONS_PAGE_SIZE, ordering: 'full_name' },
    signal,
  });
  return page.results;
}

export const customerOptionsQueryOptions = (serviceId: number, search: string) =>
  queryOptions({
    queryKey: customerKeys.options(serviceId, search.trim()),
    queryFn: ({ signal }) => getCustomerOptions(serviceId, search, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomerOptions(serviceId: number | undefined, search: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...customerOptionsQueryOptions(serviceId ?? 0, search), enabled: isEnabled && Boolean(serviceId) });
}
