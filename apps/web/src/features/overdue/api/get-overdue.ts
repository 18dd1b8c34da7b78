import { overdueEndpoints } from '@meterline/contract/endpoints/overdue';
import type { OverdueCustomer, OverdueTotals } from '@meterline/contract/overdue';
import type { Paginated } from '@meterline/contract/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { invoiceKeys } from '../../../shared/api/query-keys';

type OverduePage = Paginated<OverdueCustomer, OverdueTotals>;

/**
 * Customers with an overdue balance (with `totals: 'true'`, what all of them owe). Kept under the
 * invoices' key: a payment or an invoice (which invalidate `['services', id, 'invoices']`) refreshes it too.
 */
export function getOverdue(serviceId: number, query: Query, signal?: AbortSignal): Promise<OverduePage> {
  return callEndpoint(overdueEndpoints.list, { params: { serviceId }, query, signal });
}

export const overdueQueryOptions = (serviceId: number, query: Query) =>
  queryOptions({
    queryKey: invoiceKeys.overdue(serviceId, query),
    queryFn: ({ signal }) => getOverdue(serviceId, query, signal),
    placeholderData: keepPreviousData,
    // The list's rows are customers: the grid keys them by the customer's id.
    select: (page: OverduePage) => ({ ...page, results: page.results.map((row) => ({ ...row, id: row.customer })) }),
  });

export function useOverdue(serviceId: number | undefined, query: Query) {
  return useQuery({ ...overdueQueryOptions(serviceId ?? 0, query), enabled: Boolean(serviceId) });
}
