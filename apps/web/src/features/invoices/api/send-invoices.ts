import type { SendInvoicesResult } from '@meterline/contract/invoice-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '../../../shared/api/query-keys';
import { apiClient } from '../../../shared/lib/api-client';

/**
 * `POST .../invoices/send/`: the billing run's "send all" through the reminder channel. Messages,
 * not money, so no Idempotency-Key: the server sends an invoice once and skips it after.
 */
function sendInvoices(serviceId: number, invoices: number[]): Promise<SendInvoicesResult> {
  return apiClient.post<SendInvoicesResult>(`services/${serviceId}/invoices/send/`, { invoices });
}

/** Refreshes the histories (each message is on its invoice's). */
export function useSendInvoices(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoices: number[]) => sendInvoices(serviceId, invoices),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
