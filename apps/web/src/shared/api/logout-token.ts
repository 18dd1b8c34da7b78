import { apiClient } from '../lib/api-client';

export function logoutToken(refresh: string): Promise<void> {
  return apiClient.post<void>('auth/jwt/logout/', { refresh });
}
