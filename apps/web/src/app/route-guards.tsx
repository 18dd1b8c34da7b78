import type { Action, Subject } from '@meterline/contract/permissions';
import { landingPathFor } from '@meterline/contract/roles';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCan } from '../shared/lib/can';
import { useSession } from '../shared/lib/session';
import { paths } from './paths';

/** Signed-out visitors go to login, replacing the history entry (spec section 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <>{children}</>;
}

/** A missing permission goes to /forbidden, replacing history and remembering where the user was. */
export function RequirePermission({ action, subject, children }: { action: Action; subject: Subject; children: ReactNode }) {
  const isAllowed = useCan(action, subject);
  const location = useLocation();
  if (!isAllowed) return <Navigate to={paths.forbidden} replace state={{ from: location }} />;
  return <>{children}</>;
}

/** Login-only pages: a signed-in user goes to their landing path. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isLoggedIn, user } = useSession();
  if (isLoggedIn) return <Navigate to={landingPathFor(user?.role)} replace />;
  return <>{children}</>;
}
