import type { Paginated } from '@meterline/contract/pagination';
import type { User } from '@meterline/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { userKeys } from './query-keys';

export interface StaffOption {
  id: number;
  name: string;
  role: string;
  isActive: boolean;
}

const STAFF_PAGE_SIZE = 100;

export function staffNameOf(user: Pick<User, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

/**
 * The tenant's staff for pickers and filters (who received a payment, who handed cash over):
 * the first 100 by first name, inactive ones too, since history keeps old staff. Needs `list user`.
 */
export async function getStaffOptions(signal?: AbortSignal): Promise<StaffOption[]> {
  const page = await apiClient.get<Paginated<User>>('auth/users/', {
    query: { page_size: STAFF_PAGE_SIZE, ordering: 'first_name' },
    signal,
  });
  return page.results.map((user) => ({ id: user.id, name: staffNameOf(user), role: user.role, isActive: user.is_active }));
}

/** Keyed under `['users']`, so user writes refresh the pickers too. */
export const staffOptionsQueryOptions = () =>
  queryOptions({ queryKey: userKeys.staffOptions, queryFn: ({ signal }) => getStaffOptions(signal), staleTime: 60_000 });

export function useStaffOptions({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...staffOptionsQueryOptions(), enabled: isEnabled });
}
