import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import { normalizeRole, type Role, type TenantRole } from './roles';

/**
 * The rule table of docs/product/specification.md section 6, with the decisions of docs/product/domain.md ("Roles and permissions").
 * One module for the server (every route) and the web app (menus, buttons, guards).
 */
export const ACTIONS = [
  'manage',
  'list',
  'view',
  'create',
  'update',
  'delete',
  'select',
  'change',
  'cancel',
  'reset',
] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  'all',
  'tenants',
  'tenant_users',
  'dashboard',
  'user',
  'profile',
  'service',
  'app_language',
  'customer',
  'bundle',
  'station',
  'invoice',
  'payment',
  'transaction',
  'settings',
  'counter',
  'tariff',
  'exchange_rate',
  // The audit log (issue 11): admins read their tenant's, accountants too, the superadmin the platform's.
  'audit',
  // Collectors' cash (issue 19): `list cash` reads cash held (a collector their own), `create cash` counts it.
  'cash',
  // Route sheets (issue 19): the round of a day and its visits; which regions/stations a collector walks.
  'route',
  'route_assignment',
  // Handing a customer's credit back (issue 15): admins only.
  'credit_refund',
  // One payment over a customer's account and credit notes (issue 15): the office (admins and
  // accountants), never a collector, who takes cash on invoices only.
  'account_payment',
  'credit_note',
  // Overdue reminders (issue 15): the office (admins and accountants) sends them; collectors and support do not.
  'reminder',
  // Onboarding (issue 17): bringing customers in from a CSV file and the new client's setup checklist, admins only.
  'customer_import',
  'onboarding',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export type AppAbility = MongoAbility<[Action, Subject]>;

export function defineAbilityFor(role: string | null | undefined): AppAbility {
  const { can, cannot, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  switch (normalizeRole(role)) {
    case 'superadmin':
      can('manage', 'tenants');
      can('manage', 'tenant_users');
      can('list', 'audit');
      break;
    case 'admin':
      can('manage', 'all');
      cannot('manage', 'tenants');
      cannot('manage', 'tenant_users');
      break;
    case 'accountant':
      can('manage', 'all');
      cannot('manage', ['tenants', 'tenant_users', 'user', 'station', 'bundle', 'settings', 'tariff', 'audit', 'credit_refund', 'service', 'customer_import', 'onboarding']);
      can('list', ['user', 'station', 'bundle', 'tariff', 'audit', 'service']);
      // Issue 17: admins manage the services; accountants read the Services screen and select one.
      can('select', 'service');
      cannot('manage', 'route_assignment');
      can('list', 'route_assignment');
      break;
    case 'collector':
      can('list', 'counter');
      can('update', 'counter');
      // Issue 19: cash at the door (the service refuses it while `collectors_take_payments` is off,
      // and refuses reversals and other methods than cash); their own cash held.
      can('create', 'payment');
      can('list', 'cash');
      // Their own round only (the API answers a collector's round, never another's).
      can(['list', 'create'], 'route');
      addSupportRules(can);
      break;
    case 'support':
      addSupportRules(can);
      break;
    default:
      return build();
  }
  // Decision (docs/product/domain.md): every signed-in user has their profile and the language switcher.
  can('update', 'profile');
  can('change', 'app_language');
  return build();
}

function addSupportRules(can: AbilityBuilder<AppAbility>['can']) {
  can('select', 'service');
  can('change', 'app_language');
  can('manage', 'profile');
  can(['list', 'create', 'view'], 'invoice');
  can('list', 'customer');
}

const abilityCache = new Map<string, AppAbility>();

/** Cached ability per role: the table is static, so one instance per role serves every request. */
export function abilityFor(role: string | null | undefined): AppAbility {
  const key = normalizeRole(role) ?? '';
  let ability = abilityCache.get(key);
  if (!ability) {
    ability = defineAbilityFor(key);
    abilityCache.set(key, ability);
  }
  return ability;
}

export function can(role: string | null | undefined, action: Action, subject: Subject): boolean {
  return abilityFor(role).can(action, subject);
}

/** A permission key like `list_user` splits at the first underscore (docs/product/specification.md section 6). */
export function splitPermissionKey(key: string): [Action, Subject] {
  const index = key.indexOf('_');
  return [key.slice(0, index) as Action, key.slice(index + 1) as Subject];
}

export function canKey(role: string | null | undefined, key: string): boolean {
  const [action, subject] = splitPermissionKey(key);
  return can(role, action, subject);
}

/** Menu keys of docs/product/specification.md section 6. */
export const MENU_KEYS = [
  'view_tenants',
  'view_dashboard',
  'list_user',
  'list_customer',
  'list_bundle',
  'list_tariff',
  'list_station',
  'list_invoice',
  'list_payment',
  'list_transaction',
  'list_settings',
  'list_service',
  'list_counter',
  'list_cash',
  'list_route',
  'list_route_assignment',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

/** Roles a caller may assign to a tenant user (GET /auth/users/roles/). */
export function assignableRoles(callerRole: string | null | undefined): TenantRole[] {
  const role: Role | null = normalizeRole(callerRole);
  if (role === 'superadmin' || role === 'admin') return ['admin', 'accountant', 'support', 'collector'];
  return [];
}
