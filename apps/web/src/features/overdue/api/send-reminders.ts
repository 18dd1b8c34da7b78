import { overdueEndpoints } from '@meterline/contract/endpoints/overdue';
import type { SendRemindersResult } from '@meterline/contract/overdue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys, invoiceKeys } from '../../../shared/api/query-keys';
import { callEndpoint } from '../../../shared/lib/api-client';

/**
 * `POST .../overdue/remind/`: messages, not money, so no Idempotency-Key; the server skips a
 * customer reminded within the hour, so a second click sends nothing twice.
 */
export function sendReminders(serviceId: number, customers: number[]): Promise<SendRemindersResult> {
  return callEndpoint(overdueEndpoints.remind, { params: { serviceId }, body: { customers } });
}

/** Refreshes the overdue lists (`last_reminder_at`) and the histories (each reminder is on the customer's). */
export function useSendReminders(serviceId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customers: number[]) => sendReminders(serviceId ?? 0, customers),
    onSuccess: () => {
      if (serviceId) void queryClient.invalidateQueries({ queryKey: invoiceKeys.overdueAll(serviceId) });
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
