export const ROLES = ['superadmin', 'admin', 'accountant', 'support', 'collector'] as const;
export type Role = (typeof ROLES)[number];

/** Tenant staff roles: the ones a tenant admin or the superadmin may assign inside a tenant. */
export const TENANT_ROLES = ['admin', 'accountant', 'support', 'collector'] as const satisfies readonly Role[];
export type TenantRole = (typeof TENANT_ROLES)[number];

/** The spec compares the role text trimmed and case-insensitively. */
export function normalizeRole(role: string | null | undefined): Role | null {
  const value = (role ?? '').trim().toLowerCase();
  return (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}

export function roleFlags(role: string | null | undefined) {
  const normalized = normalizeRole(role);
  return {
    isSuperadmin: normalized === 'superadmin',
    isAdmin: normalized === 'admin',
    isAccountant: normalized === 'accountant',
    isSupport: normalized === 'support',
    isCollector: normalized === 'collector',
  };
}

/** Landing path after sign-in (docs/product/specification.md section 2). */
export function landingPathFor(role: string | null | undefined): string {
  const normalized = normalizeRole(role);
  if (normalized === 'superadmin') return '/tenants';
  // A collector's home is today's round (docs/collectors.md).
  if (normalized === 'collector') return '/round';
  if (normalized === 'support') return '/customers';
  return '/dashboard';
}
