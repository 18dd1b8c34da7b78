import type { User } from '@meterline/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/lib/api-client';
import { userKeys } from '../../../shared/api/query-keys';

export function getUser(userId: number, signal?: AbortSignal): Promise<User> {
  return apiClient.get<User>(`auth/users/${userId}/`, { signal });
}

export const userQueryOptions = (userId: number) =>
  queryOptions({ queryKey: userKeys.detail(userId), queryFn: ({ signal }) => getUser(userId, signal) });

export function useUser(userId: number) {
  return useQuery({ ...userQueryOptions(userId), enabled: userId > 0 });
}
