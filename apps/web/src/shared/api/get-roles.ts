import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { roleKeys } from './query-keys';

export interface RoleOption {
  value: string;
  label: string;
}

/** The roles the caller may assign (`GET /auth/users/roles/`; needs create user or create tenant_users). */
export function getRoles(signal?: AbortSignal): Promise<RoleOption[]> {
  return apiClient.get<RoleOption[]>('auth/users/roles/', { signal });
}

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: roleKeys.all, queryFn: ({ signal }) => getRoles(signal), staleTime: Infinity });

export function useRoles({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...rolesQueryOptions(), enabled: isEnabled });
}
