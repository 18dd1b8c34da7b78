import { landingPathFor } from '@meterline/contract/roles';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../shared/lib/session';
import { paths } from '../shared/lib/paths';

/** Signed-out visitors go to login, replacing the history entry (docs/product/specification.md section 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <>{children}</>;
}

/** Login-only pages: a signed-in user goes to their landing path. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isLoggedIn, user } = useSession();
  if (isLoggedIn) return <Navigate to={landingPathFor(user?.role)} replace />;
  return <>{children}</>;
}
