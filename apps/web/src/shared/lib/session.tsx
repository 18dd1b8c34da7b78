import type { TokenCreateInput } from '@meterline/contract/session';
import type { Me } from '@meterline/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ACCESS_TOKEN_STORAGE_KEY } from '@meterline/contract/session';
import { getMe } from '../api/get-me';
import { logoutToken } from '../api/logout-token';
import { clearFieldData } from '../offline/field-data-store';
import { rememberedUser, rememberSignedInUser } from '../offline/remembered-user';
import { ApiError, leaveSignedOut } from './api-client';
import { SessionContext, signInWithPassword, type SessionState, type SignInOptions } from './session-context';
import { refreshAccessToken, takeRefusalReason } from './token-refresh';
import { clearTokens, isTokenValid, readAccessToken, readRefreshToken, readTokenExpiry, readTokenUserId } from './tokens';

export { useSession, type SessionState } from './session-context';

/** Refresh this long before the access token expires. */
const REFRESH_AHEAD_MS = 60_000;
const LOGGED_OUT: SessionState = { isLoggedIn: false, isInitialized: true, user: null };

/**
 * Spec section 4, with the refinement of docs/product/domain.md: a valid access token fetches `me/`; an
 * expired one with a refresh token is refreshed once first; anything else is logged out.
 */
export async function restoreSession(): Promise<Me | null> {
  let access = readAccessToken();
  // With no network the app still opens for the user the stored tokens belong to (field work, docs/offline.md).
  const offlineUser = () => rememberedUser(readTokenUserId(readAccessToken()) ?? readTokenUserId(readRefreshToken()));
  if (!isTokenValid(access)) {
    if (!readRefreshToken()) return null;
    access = await refreshAccessToken(access);
    // A refused refresh clears the tokens; an unreachable server keeps them.
    if (!access) return readRefreshToken() ? offlineUser() : null;
  }
  try {
    const user = await getMe();
    rememberSignedInUser(user);
    return user;
  } catch (error) {
    return error instanceof ApiError && error.status === 0 ? offlineUser() : null;
  }
}

export function SessionProvider({ children, initialState }: { children: ReactNode; initialState?: SessionState }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(initialState ?? { isLoggedIn: false, isInitialized: false, user: null });

  useEffect(() => {
    if (initialState) return;
    let isCancelled = false;
    void restoreSession().then((user) => {
      if (isCancelled) return;
      setState(user ? { isLoggedIn: true, isInitialized: true, user } : LOGGED_OUT);
    });
    return () => {
      isCancelled = true;
    };
  }, [initialState]);

  // Keep the access token fresh ahead of expiry, and follow sign-outs made in other tabs.
  useEffect(() => {
    if (!state.isLoggedIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      const exp = readTokenExpiry(readAccessToken());
      if (exp === null) return;
      const delay = Math.max(exp * 1000 - Date.now() - REFRESH_AHEAD_MS, 5_000);
      timer = setTimeout(handleTimer, Math.min(delay, 2_147_000_000));
    };
    const handleTimer = () => {
      const token = readAccessToken();
      if (isTokenValid(token, Date.now() + REFRESH_AHEAD_MS)) return schedule();
      void refreshAccessToken(token).then((fresh) => {
        if (fresh) schedule();
        else if (!readRefreshToken()) {
          // Refused because the client was blocked or the user deactivated: the login page says so,
          // as it does when a call finds it (api-client); otherwise the guards show the login page.
          const reason = takeRefusalReason();
          if (reason) leaveSignedOut(reason);
          else setState(LOGGED_OUT);
        } else timer = setTimeout(handleTimer, 15_000); // server unreachable: try again soon
      });
    };
    // Another tab may have refreshed: plan from its token.
    const handleStorage = (event: StorageEvent) => {
      if (event.key === ACCESS_TOKEN_STORAGE_KEY || event.key === null) schedule();
    };
    schedule();
    window.addEventListener('storage', handleStorage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('storage', handleStorage);
    };
  }, [state.isLoggedIn]);

  // Follow other tabs: a sign-out there signs this tab out; a sign-in there (as anyone) is taken over.
  const userId = state.user?.id ?? null;
  useEffect(() => {
    if (!state.isInitialized) return;
    const handleStorage = (event: StorageEvent) => {
      if (event.key !== ACCESS_TOKEN_STORAGE_KEY && event.key !== null) return;
      const token = readAccessToken();
      if (!token) {
        if (userId !== null) setState(LOGGED_OUT);
        return;
      }
      if (userId !== null && readTokenUserId(token) === userId) return;
      void restoreSession().then((user) => setState(user ? { isLoggedIn: true, isInitialized: true, user } : LOGGED_OUT));
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [state.isInitialized, userId]);

  const signIn = useCallback(async (input: TokenCreateInput, options?: SignInOptions) => {
    const user = await signInWithPassword(input, options);
    setState({ isLoggedIn: true, isInitialized: true, user });
    return user;
  }, []);

  const signOut = useCallback(async () => {
    const refresh = readRefreshToken();
    try {
      if (refresh) await logoutToken(refresh);
    } catch (error) {
      console.error('Logout call failed; tokens are cleared anyway.', error);
    } finally {
      clearTokens();
      queryClient.clear();
      // The field data of this user (IndexedDB) goes too; waiting writes were confirmed away first.
      await clearFieldData(userId);
      setState(LOGGED_OUT);
    }
  }, [queryClient, userId]);

  const updateUser = useCallback((changes: Partial<Me>) => {
    setState((current) => (current.user ? { ...current, user: { ...current.user, ...changes } } : current));
  }, []);

  const value = useMemo(() => ({ ...state, signIn, signOut, updateUser }), [state, signIn, signOut, updateUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
