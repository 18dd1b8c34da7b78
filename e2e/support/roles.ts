import { fileURLToPath } from 'node:url';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';
export const ROLES = ['superadmin', 'admin', 'accountant', 'support', 'collector'] as const;
export type DemoRole = (typeof ROLES)[number];

/** Storage state (localStorage serviceToken/refreshToken) written by the global setup. */
export function storageStateFor(role: DemoRole): string {
  return fileURLToPath(new URL(`../.auth/${role}.json`, import.meta.url));
}

export const LANDING_PATHS: Record<DemoRole, string> = {
  superadmin: '/tenants',
  admin: '/dashboard',
  accountant: '/dashboard',
  support: '/customers',
  collector: '/customers',
};

/** Side-menu entries with Electricity selected (the first service of the demo tenant). */
export const MENU_ENTRIES: Record<DemoRole, string[]> = {
  superadmin: ['Clients'],
  admin: ['Dashboard', 'Users', 'Customers', 'Bundles', 'Stations', 'Invoices', 'Counters', 'Payments', 'Transactions', 'Settings'],
  accountant: ['Dashboard', 'Users', 'Customers', 'Bundles', 'Stations', 'Invoices', 'Counters', 'Payments', 'Transactions'],
  support: ['Customers', 'Invoices'],
  collector: ['Customers', 'Invoices', 'Counters'],
};
