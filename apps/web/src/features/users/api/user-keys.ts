import type { ListQueryParams } from '../../../shared/hooks/use-list-url-state';

/** Query keys of the tenant's staff; mutations invalidate the narrowest key they change. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (query: ListQueryParams) => ['users', 'list', query] as const,
  detail: (userId: number) => ['users', 'detail', userId] as const,
};
