import { describe, expect, it } from 'vitest';
import { ACTIONS, MENU_KEYS, SUBJECTS, assignableRoles, can, canKey, splitPermissionKey, type Action, type Subject } from './permissions';
import { landingPathFor, normalizeRole, ROLES, type Role } from './roles';

/**
 * The whole rule table written out by hand: docs/product/specification.md section 6 plus the decisions of docs/product/domain.md.
 * Every role x every concrete action x every concrete subject is checked against it.
 */
const concreteActions = ACTIONS.filter((action) => action !== 'manage');
const concreteSubjects = SUBJECTS.filter((subject) => subject !== 'all');
const everything = (subjects: readonly Subject[]) =>
  subjects.flatMap((subject) => concreteActions.map((action) => `${action} ${subject}`));

const tenantSubjects = concreteSubjects.filter((subject) => subject !== 'tenants' && subject !== 'tenant_users');
const shared = ['update profile', 'change app_language'];
const support = [
  'select service',
  'change app_language',
  ...concreteActions.map((action) => `${action} profile`),
  'list invoice',
  'create invoice',
  'view invoice',
  'list customer',
];

const expected: Record<Role, Set<string>> = {
  superadmin: new Set([...everything(['tenants', 'tenant_users']), ...shared, 'list audit']),
  admin: new Set(everything(tenantSubjects)),
  accountant: new Set([
    ...everything(tenantSubjects.filter((subject) => !['user', 'station', 'bundle', 'settings', 'tariff', 'audit', 'route_assignment', 'credit_refund'].includes(subject))),
    'list route_assignment',
    'list user',
    'list station',
    'list bundle',
    'list tariff',
    'list audit',
  ]),
  support: new Set(support),
  collector: new Set([...support, 'list counter', 'update counter', 'create payment', 'list cash', 'list route', 'create route']),
};

describe('rule table', () => {
  for (const role of ROLES) {
    it(`${role}: every action and subject allowed or denied as written`, () => {
      const mismatches: string[] = [];
      for (const subject of concreteSubjects) {
        for (const action of concreteActions) {
          const key = `${action} ${subject}`;
          if (can(role, action as Action, subject) !== expected[role].has(key)) mismatches.push(key);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('menu keys per role', () => {
    const visible = (role: string) => MENU_KEYS.filter((key) => canKey(role, key));
    expect(visible('superadmin')).toEqual(['view_tenants']);
    expect(visible('admin')).toEqual(MENU_KEYS.filter((key) => key !== 'view_tenants'));
    expect(visible('accountant')).toEqual(MENU_KEYS.filter((key) => !['view_tenants', 'list_settings'].includes(key)));
    expect(visible('support')).toEqual(['list_customer', 'list_invoice']);
    expect(visible('collector')).toEqual(['list_customer', 'list_invoice', 'list_counter', 'list_cash', 'list_route']);
  });

  it('specific decisions of docs/product/domain.md', () => {
    expect(can('accountant', 'reset', 'counter')).toBe(true);
    expect(can('collector', 'reset', 'counter')).toBe(false);
    expect(can('accountant', 'create', 'payment')).toBe(true);
    expect(can('support', 'create', 'payment')).toBe(false);
    // Issue 19: collectors take cash (the service checks the tenant setting) and see their own cash; the office counts it.
    expect(can('collector', 'create', 'payment')).toBe(true);
    expect(can('collector', 'create', 'cash')).toBe(false);
    expect(can('accountant', 'create', 'cash')).toBe(true);
    expect(can('support', 'list', 'cash')).toBe(false);
    expect(can('accountant', 'cancel', 'invoice')).toBe(true);
    expect(can('support', 'cancel', 'invoice')).toBe(false);
    expect(can('superadmin', 'select', 'service')).toBe(false);
    expect(can('superadmin', 'view', 'dashboard')).toBe(false);
    expect(can('accountant', 'list', 'settings')).toBe(false);
  });

  it('unknown role has no permission at all', () => {
    expect(concreteSubjects.some((subject) => concreteActions.some((action) => can('janitor', action, subject)))).toBe(false);
    expect(can(null, 'update', 'profile')).toBe(false);
  });

  it('compares the role trimmed and case-insensitively', () => {
    expect(normalizeRole('  Admin ')).toBe('admin');
    expect(can(' COLLECTOR', 'update', 'counter')).toBe(true);
  });

  it('splits a permission key at the first underscore', () => {
    expect(splitPermissionKey('list_user')).toEqual(['list', 'user']);
    expect(splitPermissionKey('change_app_language')).toEqual(['change', 'app_language']);
    expect(canKey('support', 'change_app_language')).toBe(true);
  });

  it('landing paths and assignable roles', () => {
    expect(landingPathFor('superadmin')).toBe('/tenants');
    expect(landingPathFor('support')).toBe('/customers');
    expect(landingPathFor('collector')).toBe('/round');
    expect(landingPathFor('admin')).toBe('/dashboard');
    expect(landingPathFor('accountant')).toBe('/dashboard');
    expect(assignableRoles('admin')).toEqual(['admin', 'accountant', 'support', 'collector']);
    expect(assignableRoles('accountant')).toEqual([]);
  });
});
