import { invoiceEndpoints } from '@meterline/contract/endpoints/invoices';
import type { InvoiceDetail } from '@meterline/contract/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { invoiceKeys } from '../../../shared/api/query-keys';

/** One invoice with its lines, the readings it billed and its payments. */
export function getInvoice(serviceId: number, invoiceId: number, signal?: AbortSignal): Promise<InvoiceDetail> {
  return callEndpoint(invoiceEndpoints.one, { params: { serviceId, id: invoiceId }, signal });
}

export const invoiceQueryOptions = (serviceId: number, invoiceId: number) =>
  queryOptions({
    queryKey: invoiceKeys.detail(serviceId, invoiceId),
    queryFn: ({ signal }) => getInvoice(serviceId, invoiceId, signal),
  });

export function useInvoice(serviceId: number | undefined, invoiceId: number) {
  return useQuery({ ...invoiceQueryOptions(serviceId ?? 0, invoiceId), enabled: Boolean(serviceId) && invoiceId > 0 });
}
