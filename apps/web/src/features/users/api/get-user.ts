import { userEndpoints } from '@meterline/contract/endpoints/users';
import type { User } from '@meterline/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/api-client';
import { userKeys } from '../../../shared/api/query-keys';

export function getUser(userId: number, signal?: AbortSignal): Promise<User> {
  return callEndpoint(userEndpoints.get, { params: { id: userId }, signal });
}

export const userQueryOptions = (userId: number) =>
  queryOptions({ queryKey: userKeys.detail(userId), queryFn: ({ signal }) => getUser(userId, signal) });

export function useUser(userId: number) {
  return useQuery({ ...userQueryOptions(userId), enabled: userId > 0 });
}
