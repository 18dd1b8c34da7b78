import { transactionEndpoints } from '@meterline/contract/endpoints/transactions';
import type { CreateTransactionInput } from '@meterline/contract/transactions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/lib/idempotency-key';
import { transactionKeys } from '../../../shared/api/query-keys';

/** Records a handover, expense, deposit or adjustment; the key makes a repeated click record it once. */
export function createTransaction(input: CreateTransactionInput, idempotencyKey: string) {
  return callEndpoint(transactionEndpoints.create, { params: {}, body: input, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateTransactionInput; idempotencyKey: string }) =>
      createTransaction(input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
