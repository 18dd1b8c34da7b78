import type { InvoiceStatusQuery, InvoiceStatusSummary } from '@meterline/contract/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { transactionKeys } from '../../../shared/api/query-keys';

/** Invoices per status (count and total) issued in a window, for a service. */
export function getInvoiceStatusSummary(query: InvoiceStatusQuery, signal?: AbortSignal): Promise<InvoiceStatusSummary> {
  return apiClient.get<InvoiceStatusSummary>('transaction/invoices/status/', { query, signal });
}

/** Under `['transactions']`: money writes refresh it with the transactions. */
export const invoiceStatusSummaryQueryOptions = (query: InvoiceStatusQuery) =>
  queryOptions({ queryKey: transactionKeys.invoiceStatus(query), queryFn: ({ signal }) => getInvoiceStatusSummary(query, signal) });

export function useInvoiceStatusSummary(query: InvoiceStatusQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...invoiceStatusSummaryQueryOptions(query), enabled: isEnabled });
}
