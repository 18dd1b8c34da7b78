import { describe, expect, it } from 'vitest';
import { canSeeJobKind, JOB_KINDS, visibleJobKinds } from './jobs';
import { can } from './permissions';
import { ROLES } from './roles';

describe('who sees which jobs (issue 29)', () => {
  it('shows a kind to the roles that may start it: the office, never support or collectors', () => {
    const seen = Object.fromEntries(ROLES.map((role) => [role, visibleJobKinds(role)]));
    expect(seen).toEqual({
      superadmin: [],
      admin: ['billing_run', 'statements', 'customer_import', 'send_bills'],
      accountant: ['billing_run', 'statements', 'send_bills'],
      support: [],
      collector: [],
    });
    // The billing run is seen by whoever may run it (the route asks `create` and `manage invoice`).
    for (const role of ROLES) {
      expect(canSeeJobKind(role, 'billing_run')).toBe(can(role, 'create', 'invoice') && can(role, 'manage', 'invoice'));
    }
  });

  it('opens the Jobs page (list job) exactly to the roles that see some kind', () => {
    for (const role of ROLES) expect(can(role, 'list', 'job'), role).toBe(visibleJobKinds(role).length > 0);
    expect(JOB_KINDS.length).toBeGreaterThan(0);
  });
});
