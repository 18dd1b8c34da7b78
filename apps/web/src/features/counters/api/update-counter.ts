import type { Subscription, UpdateCounterInput } from '@meterline/contract/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { counterKeys, customerKeys } from '../../../shared/api/query-keys';

/** A new reading; 400 on `counter` when it is lower than the current one. */
export function updateCounter(serviceId: number, subscriptionId: number, input: UpdateCounterInput): Promise<Subscription> {
  return apiClient.put<Subscription>(`services/${serviceId}/subscriptions/${subscriptionId}/update-counter/`, input);
}

/** Meters, their readings and the customers' current counter change. */
export function useUpdateCounter(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriptionId, input }: { subscriptionId: number; input: UpdateCounterInput }) => updateCounter(serviceId, subscriptionId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: counterKeys.all(serviceId) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all(serviceId) }),
      ]),
  });
}
