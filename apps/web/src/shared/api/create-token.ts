import type { TokenCreateInput, TokenPair } from '@meterline/contract/session';
import { apiClient } from '../lib/api-client';

export function createToken(input: TokenCreateInput): Promise<TokenPair> {
  return apiClient.post<TokenPair>('auth/jwt/create/', input);
}
