import { routeEndpoints } from '@meterline/contract/endpoints/routes';
import type { Paginated } from '@meterline/contract/pagination';
import type { CreateRouteAssignmentInput, RouteAssignment } from '@meterline/contract/routes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../../../shared/lib/api-client';
import { routeKeys } from '../../../shared/api/query-keys';

/** Regions and stations assigned to collectors in the service. */
export function getRouteAssignments(serviceId: number, query: Query, signal?: AbortSignal): Promise<Paginated<RouteAssignment>> {
  return callEndpoint(routeEndpoints.assignments, { params: { serviceId }, query, signal });
}

export const routeAssignmentsQueryOptions = (serviceId: number, query: Query) =>
  queryOptions({
    queryKey: routeKeys.assignments(serviceId, query),
    queryFn: ({ signal }) => getRouteAssignments(serviceId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useRouteAssignments(serviceId: number | undefined, query: Query) {
  return useQuery({ ...routeAssignmentsQueryOptions(serviceId ?? 0, query), enabled: Boolean(serviceId) });
}

/** 400 `region_or_station` without exactly one of them; 409 `route_already_assigned`. */
export function createRouteAssignment(serviceId: number, input: CreateRouteAssignmentInput): Promise<RouteAssignment> {
  return callEndpoint(routeEndpoints.assign, { params: { serviceId }, body: input });
}

export function useCreateRouteAssignment(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRouteAssignmentInput) => createRouteAssignment(serviceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeKeys.all(serviceId) }),
  });
}

export function deleteRouteAssignment(serviceId: number, assignmentId: number): Promise<null> {
  return callEndpoint(routeEndpoints.unassign, { params: { serviceId, id: assignmentId } });
}

export function useDeleteRouteAssignment(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: number) => deleteRouteAssignment(serviceId, assignmentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeKeys.all(serviceId) }),
  });
}
