import { overdueEndpoints } from '@meterline/contract/endpoints/overdue';
import type { DisconnectionNoticesResult } from '@meterline/contract/overdue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerKeys } from '../../../shared/api/query-keys';
import { callEndpoint } from '../../../shared/lib/api-client';

/**
 * `POST .../overdue/disconnection-notices/` (docs/notifications.md, "Disconnection notices"): the server
 * writes once per customer and overdue episode, so a second click sends nothing twice.
 */
export function sendDisconnectionNotices(serviceId: number, customers: number[]): Promise<DisconnectionNoticesResult> {
  return callEndpoint(overdueEndpoints.disconnectionNotices, { params: { serviceId }, body: { customers } });
}

/** Refreshes the service's customers (their Messages tab lists each notice). */
export function useSendDisconnectionNotices(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customers: number[]) => sendDisconnectionNotices(serviceId, customers),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all(serviceId) }),
  });
}
