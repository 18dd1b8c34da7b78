import { customerAccountEndpoints } from '@meterline/contract/endpoints/customers';
import type { AccountPayment, CreateAccountPaymentInput } from '@meterline/contract/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../lib/idempotency-key';
import { invalidateMoneyQueries } from '../lib/money-queries';

/** One payment over the customer's account: oldest unpaid invoices first, the rest becomes credit. */
export function payAccount(
  serviceId: number,
  customerId: number,
  input: CreateAccountPaymentInput,
  idempotencyKey: string,
): Promise<AccountPayment> {
  return callEndpoint(customerAccountEndpoints.pay, {
    params: { serviceId, id: customerId },
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function usePayAccount(serviceId: number, customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateAccountPaymentInput; idempotencyKey: string }) =>
      payAccount(serviceId, customerId, input, idempotencyKey),
    onSuccess: () => invalidateMoneyQueries(queryClient, serviceId),
  });
}
