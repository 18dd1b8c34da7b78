import { abilityFor, type Action, type Subject } from '@meterline/contract/permissions';
import type { ReactNode } from 'react';
import { useSession } from './session';

/** The contract's rule table for the signed-in user's role. */
export function useAbility() {
  const { user } = useSession();
  return abilityFor(user?.role);
}

export function useCan(action: Action, subject: Subject): boolean {
  return useAbility().can(action, subject);
}

/** `<Can do="create" on="invoice">`: renders its children only when the rule table allows it. */
export function Can({ do: action, on: subject, children }: { do: Action; on: Subject; children: ReactNode }) {
  return useCan(action, subject) ? <>{children}</> : null;
}
