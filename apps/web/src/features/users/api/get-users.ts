import { userEndpoints } from '@meterline/contract/endpoints/users';
import type { Paginated } from '@meterline/contract/pagination';
import type { User } from '@meterline/contract/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQueryParams } from '../../../shared/hooks/use-list-url-state';
import { callEndpoint } from '../../../shared/lib/api-client';
import { userKeys } from '../../../shared/api/query-keys';

export function getUsers(query: ListQueryParams, signal?: AbortSignal): Promise<Paginated<User>> {
  return callEndpoint(userEndpoints.list, { params: {}, query, signal });
}

export const usersQueryOptions = (query: ListQueryParams) =>
  queryOptions({ queryKey: userKeys.list(query), queryFn: ({ signal }) => getUsers(query, signal), placeholderData: keepPreviousData });

export function useUsers(query: ListQueryParams) {
  return useQuery(usersQueryOptions(query));
}
