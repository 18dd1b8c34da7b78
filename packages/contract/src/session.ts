/**
 * Session constants and token shapes, free of zod: the sign-in page imports them, and keeping
 * zod out of its bundle saves ~30 KB gzip. `auth.ts` has the matching zod schemas for the API.
 */
export const ACCESS_TOKEN_STORAGE_KEY = 'serviceToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'refreshToken';
export const PASSWORD_MIN_LENGTH = 8;

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface TokenCreateInput {
  username: string;
  password: string;
  otp?: string;
}

/** Claims of our HS256 access tokens. */
export interface AccessTokenClaims {
  token_type: 'access';
  user_id: number;
  tenant_id: number | null;
  role: string;
  /** user's token version: bumped on password or role change, deactivation. */
  ver: number;
  jti: string;
  exp: number;
  iat: number;
}

export function isTokenPair(value: unknown): value is TokenPair {
  const pair = value as Partial<TokenPair> | null;
  return typeof pair?.access === 'string' && typeof pair.refresh === 'string' && pair.access.length > 0 && pair.refresh.length > 0;
}
