import { notificationEndpoints } from '@meterline/contract/endpoints/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rememberStartedJob } from '../../../shared/api/jobs';
import { callEndpoint } from '../../../shared/lib/api-client';

/**
 * `POST .../invoices/send/`: the invoices' bills to their customers by their channels (docs/notifications.md),
 * a `send_bills` job (202 `{job}`). Messages, not money, so no Idempotency-Key: the server sends an
 * invoice's bill once and skips it after. Resolves the job, put in the cache so its progress shows at once.
 */
export function useSendBills(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invoiceIds: number[]) =>
      rememberStartedJob(
        queryClient,
        await callEndpoint(notificationEndpoints.sendBills, { params: { serviceId }, body: { invoice_ids: invoiceIds } }),
      ),
  });
}
