/** Every route of docs/product/specification.md section 2, plus the public password-reset pages of docs/product/domain.md. */
export const paths = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:uid/:token',
  notFound: '/error404',
  serverError: '/500',
  forbidden: '/forbidden',
  comingSoon: '/coming-soon',
  underConstruction: '/under-construction',
  dashboard: '/dashboard',
  jobs: '/jobs',
  tenants: '/tenants',
  tenantCreate: '/tenants/create',
  tenantEdit: '/tenants/:tenantId',
  tenantUsers: '/tenants/:tenantId/users',
  tenantUserCreate: '/tenants/:tenantId/users/create',
  tenantUserEdit: '/tenants/:tenantId/users/:userId',
  users: '/users',
  userCreate: '/users/create',
  userEdit: '/users/:userId',
  profile: '/users/profile',
  bundles: '/bundles',
  bundleCreate: '/bundles/create',
  bundleEdit: '/bundles/:bundleId',
  tariffs: '/tariffs',
  tariffCreate: '/tariffs/create',
  tariffEdit: '/tariffs/:tariffId',
  exchangeRates: '/exchange-rates',
  stations: '/stations',
  stationCreate: '/stations/create',
  stationEdit: '/stations/:stationId',
  counters: '/counters',
  round: '/round',
  roundBuilding: '/round/:buildingId',
  rounds: '/rounds',
  customers: '/customers',
  customerCreate: '/customers/create',
  // Customers from a CSV file (admins; docs/tenants-and-settings.md).
  customerImport: '/customers/import',
  customerEdit: '/customers/:customerId',
  // "Check my bill": the public page behind the QR of printed invoices and receipts (no sign-in).
  publicBill: '/b/:token',
  payments: '/payments',
  invoices: '/invoices',
  invoiceCreate: '/invoices/create',
  invoiceDetails: '/invoices/:invoiceId',
  overdue: '/overdue',
  transactions: '/transactions',
  transactionCreate: '/transactions/create',
  settings: '/settings',
  // The tenant's services (admins write, accountants read).
  services: '/services',
  serviceCreate: '/services/create',
  serviceEdit: '/services/:serviceId',
  // Collectors (docs/collectors.md): the door (linked from the route sheets), cash held, a receipt's QR code.
  collect: '/collect/:customerId',
  cash: '/cash',
  paymentVerify: '/payments/:paymentId/verify',
} as const;

/** A list's address with filters in its query, as the list reads them from the URL (empty ones left out). */
export function listHref(path: string, filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
