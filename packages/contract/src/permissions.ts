import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';
import { normalizeRole, type Role, type TenantRole } from './roles';

/**
 * The rule table of docs/product/specification.md section 6, with the decisions of docs/product/domain.md ("Roles and permissions").
 * One module for the server (every route) and the web app (menus, buttons, guards).
 */
export const ACTIONS = ['manage', 'list', 'view', 'create', 'update', 'delete', 'select', 'change', 'cancel', 'reset'] as const;
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
  // The audit log (docs/security.md): admins read their tenant's, accountants too, the superadmin the platform's.
  'audit',
  // Collectors' cash (docs/collectors.md): `list cash` reads cash held (a collector their own), `create cash` counts it.
  'cash',
  // Route sheets: the round of a day and its visits; which regions/stations a collector walks.
  'route',
  'route_assignment',
  // Handing a customer's credit back (docs/accounts.md): admins only.
  'credit_refund',
  // One payment over a customer's account and credit notes: the office (admins and
  // accountants), never a collector, who takes cash on invoices only.
  'account_payment',
  'credit_note',
  // Overdue reminders: the office (admins and accountants) sends them; collectors and support do not.
  'reminder',
  // Onboarding: bringing customers in from a CSV file and the new client's setup checklist, admins only.
  'customer_import',
  'onboarding',
  // Bulk statements of account: a job for the office (admins and accountants), never support or collectors.
  'statement',
  // The Jobs page: whoever may start a job of some kind (`visibleJobKinds` in jobs.ts, a test keeps them equal).
  'job',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export type AppAbility = MongoAbility<[Action, Subject]>;

/** The actions and subjects a rule names: `manage` is every action, `all` every subject. */
export const CONCRETE_ACTIONS = ACTIONS.filter((action): action is Exclude<Action, 'manage'> => action !== 'manage');
export type ConcreteAction = (typeof CONCRETE_ACTIONS)[number];
export const CONCRETE_SUBJECTS = SUBJECTS.filter((subject): subject is Exclude<Subject, 'all'> => subject !== 'all');
export type ConcreteSubject = (typeof CONCRETE_SUBJECTS)[number];

/** One cell of the table: `list customer`, `change app_language`. */
export type Permission = `${ConcreteAction} ${ConcreteSubject}`;

/** Every action on each of the subjects. */
function everyAction(subjects: readonly ConcreteSubject[]): Permission[] {
  return subjects.flatMap((subject) => CONCRETE_ACTIONS.map((action): Permission => `${action} ${subject}`));
}

/** A tenant's own data: everything but the platform's tenants (clients) and their users. */
const TENANT_SUBJECTS = CONCRETE_SUBJECTS.filter((subject) => subject !== 'tenants' && subject !== 'tenant_users');
/** What the accountant only reads (or, for credit refunds, never does): the admin's alone to change. */
const ADMIN_ONLY_CHANGES: readonly ConcreteSubject[] = [
  'user',
  'station',
  'bundle',
  'settings',
  'tariff',
  'audit',
  'route_assignment',
  'credit_refund',
  // Admins manage the services, import customers and follow the setup checklist.
  'service',
  'customer_import',
  'onboarding',
];
/** Every signed-in user: their profile and the language switcher (docs/permissions.md). */
const EVERY_USER: Permission[] = ['update profile', 'change app_language'];
/** The support desk: a service to work in, its customers and invoices (read and create), their own profile. */
const SUPPORT: Permission[] = [
  'select service',
  'change app_language',
  ...everyAction(['profile']),
  'list invoice',
  'create invoice',
  'view invoice',
  'list customer',
];

/**
 * The rule table, written once: for each role, every permission it has; anything not listed is
 * refused. The API's route hooks (`requirePermission`), the web app's menus, buttons and guards
 * (`can`, `canKey`) and the tests all read it. A role holding every action on a subject also
 * `manage`s it (`requirePermission('manage', 'invoice')`).
 */
export const PERMISSION_TABLE: Record<Role, readonly Permission[]> = {
  superadmin: [...everyAction(['tenants', 'tenant_users']), 'list audit', ...EVERY_USER],
  admin: everyAction(TENANT_SUBJECTS),
  accountant: [
    ...everyAction(TENANT_SUBJECTS.filter((subject) => !ADMIN_ONLY_CHANGES.includes(subject))),
    'list route_assignment',
    'list user',
    'list station',
    'list bundle',
    'list tariff',
    'list audit',
    // Accountants read the Services screen and select a service to work in.
    'list service',
    'select service',
  ],
  support: SUPPORT,
  // Collectors take cash at the door (the service refuses it while `collectors_take_payments`
  // is off, and refuses reversals and other methods than cash), see their own cash held and walk
  // their own round.
  collector: [...SUPPORT, 'list counter', 'update counter', 'create payment', 'list cash', 'list route', 'create route'],
};

/** Whether the table gives the role the permission (`manage`: every action on the subject). */
export function tableAllows(role: Role, action: Action, subject: ConcreteSubject): boolean {
  const granted = PERMISSION_TABLE[role];
  if (action === 'manage') return CONCRETE_ACTIONS.every((each) => granted.includes(`${each} ${subject}`));
  return granted.includes(`${action} ${subject}`);
}

/** The CASL ability of a role, built from its row of the table. */
export function defineAbilityFor(role: string | null | undefined): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  const known = normalizeRole(role);
  if (!known) return build();
  for (const subject of CONCRETE_SUBJECTS) {
    const actions = CONCRETE_ACTIONS.filter((action) => tableAllows(known, action, subject));
    if (actions.length === CONCRETE_ACTIONS.length) can('manage', subject);
    else if (actions.length) can(actions, subject);
  }
  return build();
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
  'list_job',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

/** Roles a caller may assign to a tenant user (GET /auth/users/roles/). */
export function assignableRoles(callerRole: string | null | undefined): TenantRole[] {
  const role: Role | null = normalizeRole(callerRole);
  if (role === 'superadmin' || role === 'admin') return ['admin', 'accountant', 'support', 'collector'];
  return [];
}
