import { subscriptionEndpoints } from '@meterline/contract/endpoints/subscriptions';
import type { Reading, VoidReadingInput } from '@meterline/contract/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { counterKeys, customerKeys } from '../../../shared/api/query-keys';
import { callEndpoint } from '../../../shared/lib/api-client';

/** A mistaken reading set aside with its reason (it stays in the history, struck through). */
export function voidReading(serviceId: number, subscriptionId: number, readingId: number, input: VoidReadingInput): Promise<Reading> {
  return callEndpoint(subscriptionEndpoints.voidReading, { params: { serviceId, id: subscriptionId, readingId }, body: input });
}

export function useVoidReading(serviceId: number, subscriptionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ readingId, input }: { readingId: number; input: VoidReadingInput }) =>
      voidReading(serviceId, subscriptionId, readingId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: counterKeys.all(serviceId) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all(serviceId) }),
      ]),
  });
}
