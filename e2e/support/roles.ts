export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';
export const ROLES = ['superadmin', 'admin', 'accountant', 'support', 'collector'] as const;
export type DemoRole = (typeof ROLES)[number];

export const LANDING_PATHS: Record<DemoRole, string> = {
  superadmin: '/tenants',
  admin: '/dashboard',
  accountant: '/dashboard',
  support: '/customers',
  collector: '/round',
};

/** Side-menu entries with Electricity selected (the first service of the demo tenant). */
export const MENU_ENTRIES: Record<DemoRole, string[]> = {
  superadmin: ['Clients'],
  admin: [
    'Dashboard',
    'Users',
    'Customers',
    'Bundles',
    'Tariffs',
    'Stations',
    'Invoices',
    'Overdue',
    'Counters',
    'Payments',
    'Transactions',
    'Cash',
    'Rounds',
    'Jobs',
    'Services',
    'Settings',
  ],
  accountant: [
    'Dashboard',
    'Users',
    'Customers',
    'Bundles',
    'Tariffs',
    'Stations',
    'Invoices',
    'Overdue',
    'Counters',
    'Payments',
    'Transactions',
    'Cash',
    'Rounds',
    'Jobs',
    'Services',
  ],
  support: ['Customers', 'Invoices', 'Overdue'],
  collector: ['Customers', 'Invoices', 'Overdue', 'Counters', 'Cash', 'Round'],
};
