import { invoiceEndpoints } from '@meterline/contract/endpoints/invoices';
import type { Invoice, InvoiceTotals } from '@meterline/contract/invoices';
import type { Paginated } from '@meterline/contract/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../lib/api-client';
import { invoiceKeys } from './query-keys';

/** The collect page's query of a customer's invoices (oldest first), also seeded by the round's day (docs/offline.md). */
export const COLLECT_INVOICES_QUERY = { page_size: 100, ordering: 'issued_on,id' } as const;

/** The customer's invoices (`invoices/?customer=`), under the invoices key so money writes refresh them. */
export function getCustomerInvoices(
  serviceId: number,
  customerId: number,
  query: Query,
  signal?: AbortSignal,
): Promise<Paginated<Invoice, InvoiceTotals>> {
  return callEndpoint(invoiceEndpoints.list, { params: { serviceId }, query: { ...query, customer: customerId }, signal });
}

export const customerInvoicesQueryOptions = (serviceId: number, customerId: number, query: Query) =>
  queryOptions({
    queryKey: invoiceKeys.list(serviceId, { ...query, customer: customerId }),
    queryFn: ({ signal }) => getCustomerInvoices(serviceId, customerId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCustomerInvoices(
  serviceId: number | undefined,
  customerId: number,
  query: Query,
  { isEnabled = true }: { isEnabled?: boolean } = {},
) {
  return useQuery({ ...customerInvoicesQueryOptions(serviceId ?? 0, customerId, query), enabled: isEnabled && Boolean(serviceId) });
}
