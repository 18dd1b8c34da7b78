import { routeEndpoints } from '@meterline/contract/endpoints/routes';
import type { CreateVisitInput, RouteVisit } from '@meterline/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { routeKeys } from '../../../shared/api/query-keys';

/** Absent, refused, ...: appended, never edited (a later visit of the day replaces it on the round). */
export function recordVisit(serviceId: number, input: CreateVisitInput): Promise<RouteVisit> {
  return callEndpoint(routeEndpoints.recordVisit, { params: { serviceId }, body: input });
}

export function useRecordVisit(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateVisitInput) => recordVisit(serviceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeKeys.all(serviceId) }),
  });
}
