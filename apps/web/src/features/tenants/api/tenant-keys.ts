import type { ListQueryParams } from '../../../shared/hooks/use-list-url-state';

/** Query keys of clients and their users; mutations invalidate the narrowest key they change. */
export const tenantKeys = {
  all: ['tenants'] as const,
  lists: () => ['tenants', 'list'] as const,
  list: (query: ListQueryParams) => ['tenants', 'list', query] as const,
  detail: (tenantId: number) => ['tenants', 'detail', tenantId] as const,
  aliases: () => ['tenants', 'aliases'] as const,
  users: (tenantId: number) => ['tenants', tenantId, 'users'] as const,
  userLists: (tenantId: number) => ['tenants', tenantId, 'users', 'list'] as const,
  userList: (tenantId: number, query: ListQueryParams) => ['tenants', tenantId, 'users', 'list', query] as const,
  user: (tenantId: number, userId: number) => ['tenants', tenantId, 'users', 'detail', userId] as const,
};
