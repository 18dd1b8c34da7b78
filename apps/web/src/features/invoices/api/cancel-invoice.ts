import { invoiceEndpoints } from '@meterline/contract/endpoints/invoices';
import type { CancelInvoiceInput, InvoiceDetail } from '@meterline/contract/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/lib/idempotency-key';
import { invalidateMoneyQueries } from '../../../shared/lib/money-queries';
import { invoiceKeys } from '../../../shared/api/query-keys';

/** Cancels while nothing is paid: the number is kept, the period freed. */
export function cancelInvoice(
  serviceId: number,
  invoiceId: number,
  input: CancelInvoiceInput,
  idempotencyKey: string,
): Promise<InvoiceDetail> {
  return callEndpoint(invoiceEndpoints.cancel, {
    params: { serviceId, id: invoiceId },
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useCancelInvoice(serviceId: number, invoiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CancelInvoiceInput; idempotencyKey: string }) =>
      cancelInvoice(serviceId, invoiceId, input, idempotencyKey),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(serviceId, invoiceId), invoice);
      return invalidateMoneyQueries(queryClient, serviceId);
    },
  });
}
