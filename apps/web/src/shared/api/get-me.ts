import type { Me } from '@meterline/contract/users';
import { apiClient } from '../lib/api-client';

/** The signed-in user with the tenant summary (currency, timezone). Start-up handles a 401 itself. */
export function getMe(): Promise<Me> {
  return apiClient.get<Me>('auth/users/me/', { skipUnauthorizedRedirect: true });
}
