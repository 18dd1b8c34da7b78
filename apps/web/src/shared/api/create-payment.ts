import { paymentEndpoints } from '@meterline/contract/endpoints/payments';
import type { CreatePaymentInput, Payment } from '@meterline/contract/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../lib/idempotency-key';
import { invalidateMoneyQueries } from '../lib/money-queries';

/**
 * Pays an invoice (`PUT .../create_payment/`): no amount pays the whole balance, an amount pays
 * part of it, a negative amount with a reason reverses. The key makes a repeated click pay once.
 */
export function createPayment(serviceId: number, invoiceId: number, input: CreatePaymentInput, idempotencyKey: string): Promise<Payment> {
  return callEndpoint(paymentEndpoints.payInvoice, {
    params: { serviceId, id: invoiceId },
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useCreatePayment(serviceId: number, invoiceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreatePaymentInput; idempotencyKey: string }) =>
      createPayment(serviceId, invoiceId, input, idempotencyKey),
    // The detail, lists, balances and the dashboard all change with the money.
    onSuccess: () => invalidateMoneyQueries(queryClient, serviceId),
  });
}
