import { serviceEndpoints } from '@meterline/contract/endpoints/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceKeys } from '../../../shared/api/query-keys';
import { callEndpoint } from '../../../shared/lib/api-client';

/** `POST /services/reorder/`: every service's id, once, in the new order; answers them all. */
export function reorderServices(ids: number[]) {
  return callEndpoint(serviceEndpoints.reorder, { params: {}, body: { ids } });
}

/** The Services screen shows the new order at once; the selector refetches. */
export function useReorderServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderServices,
    onSuccess: (services) => {
      queryClient.setQueryData(serviceKeys.lists(), services);
      return queryClient.invalidateQueries({ queryKey: serviceKeys.all });
    },
  });
}

/** The order after moving `id` one place up (-1) or down (+1); unchanged at either end. */
export function movedOrder(ids: number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = ids.filter((other) => other !== id);
  next.splice(to, 0, id);
  return next;
}
