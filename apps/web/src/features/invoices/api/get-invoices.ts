import { invoiceEndpoints } from '@meterline/contract/endpoints/invoices';
import type { Invoice, InvoiceTotals } from '@meterline/contract/invoices';
import type { Paginated } from '@meterline/contract/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { invoiceKeys } from '../../../shared/api/query-keys';

/** A page of the service's invoices (`?status=overdue` too); the query is the list's URL state. */
export function getInvoices(serviceId: number, query: Query, signal?: AbortSignal): Promise<Paginated<Invoice, InvoiceTotals>> {
  return callEndpoint(invoiceEndpoints.list, { params: { serviceId }, query, signal });
}

export const invoicesQueryOptions = (serviceId: number, query: Query) =>
  queryOptions({
    queryKey: invoiceKeys.list(serviceId, query),
    queryFn: ({ signal }) => getInvoices(serviceId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useInvoices(serviceId: number | undefined, query: Query) {
  return useQuery({ ...invoicesQueryOptions(serviceId ?? 0, query), enabled: Boolean(serviceId) });
}
