import type { CreateHandoverInput, Handover } from '@meterline/contract/cash';
import { cashEndpoints } from '@meterline/contract/endpoints/cash';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/lib/idempotency-key';
import { invalidateMoneyQueries } from '../../../shared/lib/money-queries';
import { cashKeys } from '../../../shared/api/query-keys';

/** The count of a collector's cash (`POST .../cash/handovers/`), once per key. */
export function createHandover(serviceId: number, input: CreateHandoverInput, idempotencyKey: string): Promise<Handover> {
  return callEndpoint(cashEndpoints.createHandover, {
    params: { serviceId },
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useCreateHandover(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateHandoverInput; idempotencyKey: string }) =>
      createHandover(serviceId, input, idempotencyKey),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: cashKeys.all(serviceId) }), invalidateMoneyQueries(queryClient, serviceId)]),
  });
}
