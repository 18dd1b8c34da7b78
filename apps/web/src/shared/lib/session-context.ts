import type { TokenCreateInput } from '@meterline/contract/session';
import type { Me } from '@meterline/contract/users';
import { createContext, useContext } from 'react';
import { createToken } from '../api/create-token';
import { getMe } from '../api/get-me';
import { rememberSignedInUser } from '../offline/remembered-user';
import { clearTokens, storeTokens } from './tokens';

/**
 * The session as components read it (`useSession`), apart from the provider that restores and
 * refreshes it (session.tsx): the public sign-in shell (app/public-shell.tsx) provides it too,
 * without the signed-in app's TanStack Query and router.
 */
export interface SessionState {
  isLoggedIn: boolean;
  isInitialized: boolean;
  user: Me | null;
}

export interface SessionContextValue extends SessionState {
  /** Signs in (with `otp` for the code step); rejects with the ApiError of the token call. */
  signIn(input: TokenCreateInput, options?: SignInOptions): Promise<Me>;
  signOut(): Promise<void>;
  /** Replaces fields of the signed-in user after a profile change (name, avatar, one-time codes). */
  updateUser(changes: Partial<Me>): void;
}

export interface SignInOptions {
  /** Called once the new token pair is stored, before `me/` is read (`replaceSession`). */
  onTokensStored?(): void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

/** The token call, then `me/`; half a sign-in (tokens without a user) does not survive. */
export async function signInWithPassword(input: TokenCreateInput, { onTokensStored }: SignInOptions = {}): Promise<Me> {
  const pair = await createToken(input);
  storeTokens(pair);
  onTokensStored?.();
  try {
    const user = await getMe();
    rememberSignedInUser(user);
    return user;
  } catch (error) {
    clearTokens(); // half a sign-in must not survive a reload
    throw error;
  }
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession needs <SessionProvider>');
  return context;
}
