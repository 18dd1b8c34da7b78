import type { Action, Subject } from '@meterline/contract/permissions';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCan } from '../shared/lib/can';
import { paths } from '../shared/lib/paths';

// Its own module, loaded lazily by the router: the rule table (CASL) then stays off the sign-in page.
/** A missing permission goes to /forbidden, replacing history and remembering where the user was. */
export default function RequirePermission({ action, subject, children }: { action: Action; subject: Subject; children: ReactNode }) {
  const isAllowed = useCan(action, subject);
  const location = useLocation();
  if (!isAllowed) return <Navigate to={paths.forbidden} replace state={{ from: location }} />;
  return <>{children}</>;
}
