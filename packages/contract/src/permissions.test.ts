import { describe, expect, it } from 'vitest';
import {
  CONCRETE_ACTIONS,
  CONCRETE_SUBJECTS,
  MENU_KEYS,
  PERMISSION_TABLE,
  assignableRoles,
  can,
  canKey,
  splitPermissionKey,
  tableAllows,
  type Action,
} from './permissions';
import { landingPathFor, normalizeRole, ROLES, type Role } from './roles';

/**
 * The rule table is data in permissions.ts (`PERMISSION_TABLE`): every role x every concrete action
 * x every concrete subject is checked against it, and against the CASL ability built from it.
 */
const concreteActions = CONCRETE_ACTIONS;
const concreteSubjects = CONCRETE_SUBJECTS;
const expected = Object.fromEntries(ROLES.map((role) => [role, new Set<string>(PERMISSION_TABLE[role])])) as Record<Role, Set<string>>;

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

  it('a role manages a subject exactly when the table gives it every action on it', () => {
    for (const role of ROLES) {
      for (const subject of concreteSubjects)
        expect(can(role, 'manage', subject), `${role} manage ${subject}`).toBe(tableAllows(role, 'manage', subject));
    }
  });

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
    // Collectors take cash (the service checks the tenant setting) and see their own cash; the office counts it.
    expect(can('collector', 'create', 'payment')).toBe(true);
    expect(can('collector', 'create', 'cash')).toBe(false);
    expect(can('accountant', 'create', 'cash')).toBe(true);
    expect(can('support', 'list', 'cash')).toBe(false);
    expect(can('accountant', 'cancel', 'invoice')).toBe(true);
    expect(can('support', 'cancel', 'invoice')).toBe(false);
    expect(can('superadmin', 'select', 'service')).toBe(false);
    expect(can('superadmin', 'view', 'dashboard')).toBe(false);
    expect(can('accountant', 'list', 'settings')).toBe(false);
    // Admins manage services, accountants read them.
    expect(can('admin', 'create', 'service')).toBe(true);
    expect(can('accountant', 'list', 'service')).toBe(true);
    expect(can('accountant', 'update', 'service')).toBe(false);
    expect(can('support', 'list', 'service')).toBe(false);
    // Importing customers in bulk and the setup checklist are the admin's setup work.
    expect(can('admin', 'create', 'customer_import')).toBe(true);
    expect(can('accountant', 'create', 'customer_import')).toBe(false);
    expect(can('admin', 'view', 'onboarding')).toBe(true);
    expect(can('accountant', 'view', 'onboarding')).toBe(false);
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
