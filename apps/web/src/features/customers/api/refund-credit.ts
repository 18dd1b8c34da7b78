import { customerAccountEndpoints } from '@meterline/contract/endpoints/customers';
import type { CreditRefund, RefundCreditInput } from '@meterline/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/lib/idempotency-key';
import { invalidateMoneyQueries } from '../../../shared/lib/money-queries';

/** Hands part or all of the customer's credit back (admin), with a reason. */
export function refundCredit(
  serviceId: number,
  customerId: number,
  input: RefundCreditInput,
  idempotencyKey: string,
): Promise<CreditRefund> {
  return callEndpoint(customerAccountEndpoints.refundCredit, {
    params: { serviceId, id: customerId },
    body: input,
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
