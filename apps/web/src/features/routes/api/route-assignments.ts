import type { Paginated } from '@meterline/contract/pagination';
import type { CreateRouteAssignmentInput, RouteAssignment } from '@meterline/contract/routes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type Query } from '../../../shared/lib/api-client';
import { routeKeys } from '../../../shared/api/query-keys';

/** Regions and stations assigned to collectors in the service. */
export function getRouteAssignments(serviceId: number, query: Query, signal?: AbortSignal): Promise<Paginated<RouteAssignment>> {
  return apiClient.get<Paginated<RouteAssignment>>(`services/${serviceId}/routes/assignments/`, { query, signal });
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
  return apiClient.post<RouteAssignment>(`services/${serviceId}/routes/assignments/`, input);
}

export function useCreateRouteAssignment(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRouteAssignmentInput) => createRouteAssignment(serviceId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeKeys.all(serviceId) }),
  });
}

export function deleteRouteAssignment(serviceId: number, assignmentId: number): Promise<void> {
  return apiClient.delete(`services/${serviceId}/routes/assignments/${assignmentId}/`);
}

export function useDeleteRouteAssignment(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: number) => deleteRouteAssignment(serviceId, assignmentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeKeys.all(serviceId) }),
  });
}
