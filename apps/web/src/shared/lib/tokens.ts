import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY, type TokenPair } from '@meterline/contract/session';

export function readAccessToken(): string | null {
  return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
}

export function readRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY);
}

export function storeTokens(pair: TokenPair): void {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, pair.access);
  localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, pair.refresh);
}

export function clearTokens(): void {
  localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
  localStorage.removeItem(REFRESH_TOKEN_STORAGE_KEY);
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return atob(padded);
}

/** The payload of a JWT, unverified: the signature is the server's business. */
function readClaims(token: string | null | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` claim in seconds, or null when the token is not a readable JWT. */
export function readTokenExpiry(token: string | null | undefined): number | null {
  const exp = readClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/** The `user_id` claim (contract `AccessTokenClaims`), or null. */
export function readTokenUserId(token: string | null | undefined): number | null {
  const userId = readClaims(token)?.user_id;
  return typeof userId === 'number' ? userId : null;
}

/** Spec section 5: a token is valid when its expiry is later than now (`atMs` lets callers ask "still valid in a minute?"). */
export function isTokenValid(token: string | null | undefined, atMs: number = Date.now()): boolean {
  const exp = readTokenExpiry(token);
  return exp !== null && exp * 1000 > atMs;
}
