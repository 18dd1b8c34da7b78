import { subscriptionEndpoints } from '@meterline/contract/endpoints/subscriptions';
import type { ResetCounterInput, Subscription } from '@meterline/contract/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { counterKeys, customerKeys } from '../../../shared/api/query-keys';

/** A meter replaced or reset: the old meter's optional final reading, then the new baseline. */
export function resetCounter(serviceId: number, subscriptionId: number, input: ResetCounterInput): Promise<Subscription> {
  return callEndpoint(subscriptionEndpoints.resetCounter, { params: { serviceId, id: subscriptionId }, body: input });
}

export function useResetCounter(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, input }: { subscriptionId: number; input: ResetCounterInput }) =>
      resetCounter(serviceId, subscriptionId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: counterKeys.all(serviceId) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all(serviceId) }),
      ]),
  });
}
