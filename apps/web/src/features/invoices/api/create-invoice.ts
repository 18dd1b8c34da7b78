import { invoiceEndpoints } from '@meterline/contract/endpoints/invoices';
import type { CreateInvoiceInput, InvoiceDetail } from '@meterline/contract/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/lib/idempotency-key';
import { invalidateMoneyQueries } from '../../../shared/lib/money-queries';
import { invoiceKeys } from '../../../shared/api/query-keys';

/** From a meter `{subscription, period_start, period_end}` or with lines `{customer, ..., lines, notes}`. */
export function createInvoice(serviceId: number, input: CreateInvoiceInput, idempotencyKey: string): Promise<InvoiceDetail> {
  return callEndpoint(invoiceEndpoints.create, {
    params: { serviceId },
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useCreateInvoice(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateInvoiceInput; idempotencyKey: string }) =>
      createInvoice(serviceId, input, idempotencyKey),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(serviceId, invoice.id), invoice);
      return invalidateMoneyQueries(queryClient, serviceId);
    },
  });
}
