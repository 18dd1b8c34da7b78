import { isTokenPair } from '@meterline/contract/session';
import { clearTokens, isTokenValid, readAccessToken, readRefreshToken, storeTokens } from './tokens';

const REFRESH_LOCK_NAME = 'meterline-token-refresh';
/** A token that another tab refreshed must still have this long to live to be reused. */
const REUSE_MARGIN_MS = 30_000;

let refreshInFlight: Promise<string | null> | null = null;
/** While this tab replaces its session (a password change), refreshes wait for the new tokens. */
let replacement: Promise<void> | null = null;
/** The access token must outlive the change's call by this much, so the call never needs a refresh. */
const CHANGE_MARGIN_MS = 30_000;

/** 401 codes the login page explains (`/login?reason=tenant_blocked`): the user did nothing wrong. */
export const SIGNED_OUT_REASONS: ReadonlySet<string> = new Set(['tenant_blocked', 'user_inactive']);
let refusalReason: string | undefined;

/** Why the last refresh was refused, when the login page can explain it; read once. */
export function takeRefusalReason(): string | undefined {
  const reason = refusalReason;
  refusalReason = undefined;
  return reason;
}

/**
 * Web Locks serialise refreshes across tabs: refresh tokens rotate and are single-use. Without
 * them (older browsers) the server's grace window answers a repeated refresh with the same pair,
 * and a refused refresh still checks whether another tab stored a newer one meanwhile.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request(REFRESH_LOCK_NAME, task) as Promise<T>;
  return task();
}

/**
 * Gets a fresh access token, one refresh at a time in this tab and across tabs.
 * `staleAccessToken` is the token the caller found wanting: if storage holds another, still valid
 * one once we own the lock, another tab already refreshed and we reuse its result.
 * Resolves null when no refresh is possible (no refresh token, or the server refused it).
 */
export function refreshAccessToken(staleAccessToken: string | null): Promise<string | null> {
  // The old session's refresh token is refused once the change is made: wait for the new tokens.
  if (replacement) return replacement.then(() => refreshAccessToken(staleAccessToken));
  if (refreshInFlight) return refreshInFlight;
  refreshInFlight = withRefreshLock(async () => {
    const current = readAccessToken();
    if (current && current !== staleAccessToken && isTokenValid(current, Date.now() + REUSE_MARGIN_MS)) return current;
    const refresh = readRefreshToken();
    if (!refresh) return null;
    let response: Response;
    try {
      response = await fetch('/api/auth/jwt/refresh/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh }),
      });
    } catch {
      return null; // offline: keep the tokens, a later call may succeed
    }
    if (!response.ok) {
      // Another tab rotated the token meanwhile (no lock in this browser): its pair is ours too.
      const stored = readAccessToken();
      if (readRefreshToken() !== refresh && stored && isTokenValid(stored)) return stored;
      // Only a refused refresh token ends the session; a 5xx leaves it for the next try.
      if (response.status === 400 || response.status === 401 || response.status === 403) {
        const code = ((await response.json().catch(() => null)) as { code?: unknown } | null)?.code;
        refusalReason = typeof code === 'string' && SIGNED_OUT_REASONS.has(code) ? code : undefined;
        clearTokens();
      }
      return null;
    }
    const pair: unknown = await response.json().catch(() => null);
    if (!isTokenPair(pair)) return null;
    storeTokens(pair);
    return pair.access;
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * Replaces this tab's session: a password change ends every session of the user, this one too,
 * then the user signs in again (`signIn`, which calls `tokensStored` once the new pair is stored).
 * Until then a refresh — the timer's, or a call's after a 401 — waits and then uses the new tokens,
 * instead of sending the ended session's refresh token, which the server refuses (that signed the
 * user out in the middle of the change). `change` must be sent with `skipRefresh`: its own 401 is
 * final, and the access token is refreshed first so that it outlives the call.
 */
export async function replaceSession<T>(change: () => Promise<unknown>, signIn: (tokensStored: () => void) => Promise<T>): Promise<T> {
  const token = readAccessToken();
  if (!isTokenValid(token, Date.now() + CHANGE_MARGIN_MS)) await refreshAccessToken(token);
  if (refreshInFlight) await refreshInFlight;
  let release: () => void = () => undefined;
  const current = new Promise<void>((resolve) => (release = resolve));
  const end = () => {
    if (replacement === current) replacement = null;
    release();
  };
  replacement = current;
  try {
    await change();
    return await signIn(end);
  } finally {
    end();
  }
}
