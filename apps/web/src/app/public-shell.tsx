import type { Me } from '@meterline/contract/users';
import { useMemo } from 'react';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { SessionContext, signInWithPassword, type SessionContextValue } from '../shared/lib/session-context';
import { paths } from '../shared/lib/paths';
import { DisplayProviders } from './display-providers';

/** Where a visitor with no stored session gets the public shell instead of the whole app. */
export function isPublicShellPath(pathname: string): boolean {
  return pathname === paths.root || pathname === paths.login;
}

/**
 * The sign-in page for a visitor with no session (main.tsx), without the app's router, TanStack
 * Query, forms library or signed-in layout: the first screen of a visit downloads only React, MUI's
 * core, i18next with the public texts and this form (docs/performance.md, "The public shell"). The whole app is
 * loaded after signing in (`onSignedIn`); "Forgot password?" opens the app's page at its address.
 */
export function PublicShell({ onSignedIn }: { onSignedIn(user: Me): Promise<void> }) {
  const session = useMemo<SessionContextValue>(
    () => ({
      isLoggedIn: false,
      isInitialized: true,
      user: null,
      signIn: signInWithPassword,
      signOut: () => Promise.resolve(),
      updateUser: () => undefined,
    }),
    [],
  );
  return (
    <DisplayProviders>
      <SessionContext.Provider value={session}>
        <SignInForm reason={new URLSearchParams(window.location.search).get('reason')} onSignedIn={onSignedIn} linkComponent="a" />
      </SessionContext.Provider>
    </DisplayProviders>
  );
}
