import type { CreditRefund, RefundCreditInput } from '@meterline/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/lib/idempotency-key';
import { invalidateMoneyQueries } from '../../../shared/lib/money-queries';

/** Hands part or all of the customer's credit back (admin), with a reason. */
export function refundCredit(
  serviceId: number,
  customerId: number,
  input: RefundCreditInput,
  idempotencyKey: string,
): Promise<CreditRefund> {
  return apiClient.post<CreditRefund>(`services/${serviceId}/customers/${customerId}/credit/refund/`, input, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useRefundCredit(serviceId: number, customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: RefundCreditInput; idempotencyKey: string }) =>
      refundCredit(serviceId, customerId, input, idempotencyKey),
    onSuccess: () => invalidateMoneyQueries(queryClient, serviceId),
  });
}
