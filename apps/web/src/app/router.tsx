import type { Action, Subject } from '@meterline/contract/permissions';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { loadLanguage } from '../i18n/index';
import { useScrollToTop } from '../shared/hooks/use-scroll-to-top';
import { useSession } from '../shared/lib/session';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { paths } from '../shared/lib/paths';
import { settingsStore } from '../shared/lib/settings-store';
import { GuestOnly, RequireAuth } from './route-guards';

/** React.lazy per page: each screen is its own chunk, so the sign-in page stays small. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LoginPage = lazyPage(() => import('../features/auth/routes/login-page'), 'LoginPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/routes/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/routes/reset-password-page'), 'ResetPasswordPage');
const NotFoundPage = lazyPage(() => import('../features/errors/routes/not-found-page'), 'NotFoundPage');
const ForbiddenPage = lazyPage(() => import('../features/errors/routes/forbidden-page'), 'ForbiddenPage');
const ServerErrorPage = lazyPage(() => import('../features/errors/routes/server-error-page'), 'ServerErrorPage');
// "Check my bill": public, outside the signed-in shell, its own small chunk (docs/security.md, "The public bill link").
const PublicBillPage = lazyPage(() => import('../features/public-bill/routes/public-bill-page'), 'PublicBillPage');
const ComingSoonPage = lazyPage(() => import('../features/errors/routes/coming-soon-page'), 'ComingSoonPage');
const UnderConstructionPage = lazyPage(() => import('../features/errors/routes/under-construction-page'), 'UnderConstructionPage');
// Signed-in screens use every text of the language: downloaded with the layout, in parallel.
const AppLayout = lazyPage(
  async () => (await Promise.all([import('./layout/app-layout'), loadLanguage(settingsStore.getSnapshot().language)]))[0],
  'AppLayout',
);
const RequirePermission = lazy(() => import('./require-permission'));

interface ProtectedRoute {
  path: string;
  action: Action;
  subject: Subject;
  Page: LazyExoticComponent<ComponentType>;
}

/** The route table of docs/product/specification.md section 2: one permission of the contract's rule table per screen. */
const protectedRoutes: ProtectedRoute[] = [
  {
    path: paths.tenants,
    action: 'view',
    subject: 'tenants',
    Page: lazyPage(() => import('../features/tenants/routes/tenant-list-page'), 'TenantListPage'),
  },
  {
    path: paths.tenantCreate,
    action: 'create',
    subject: 'tenants',
    Page: lazyPage(() => import('../features/tenants/routes/tenant-create-page'), 'TenantCreatePage'),
  },
  {
    path: paths.tenantEdit,
    action: 'update',
    subject: 'tenants',
    Page: lazyPage(() => import('../features/tenants/routes/tenant-edit-page'), 'TenantEditPage'),
  },
  {
    path: paths.tenantUsers,
    action: 'view',
    subject: 'tenant_users',
    Page: lazyPage(() => import('../features/tenants/routes/tenant-user-list-page'), 'TenantUserListPage'),
  },
  {
    path: paths.tenantUserCreate,
    action: 'create',
    subject: 'tenant_users',
    Page: lazyPage(() => import('../features/tenants/routes/tenant-user-create-page'), 'TenantUserCreatePage'),
  },
  {
    path: paths.tenantUserEdit,
    action: 'update',
    subject: 'tenant_users',
    Page: lazyPage(() => import('../features/tenants/routes/tenant-user-edit-page'), 'TenantUserEditPage'),
  },
  {
    path: paths.dashboard,
    action: 'view',
    subject: 'dashboard',
    Page: lazyPage(() => import('../features/dashboard/routes/dashboard-page'), 'DashboardPage'),
  },
  {
    path: paths.users,
    action: 'list',
    subject: 'user',
    Page: lazyPage(() => import('../features/users/routes/user-list-page'), 'UserListPage'),
  },
  {
    path: paths.userCreate,
    action: 'create',
    subject: 'user',
    Page: lazyPage(() => import('../features/users/routes/user-create-page'), 'UserCreatePage'),
  },
  // Read-only roles (accountant) open a record without edit controls, so detail pages need `list`.
  {
    path: paths.userEdit,
    action: 'list',
    subject: 'user',
    Page: lazyPage(() => import('../features/users/routes/user-edit-page'), 'UserEditPage'),
  },
  {
    path: paths.profile,
    action: 'update',
    subject: 'profile',
    Page: lazyPage(() => import('../features/users/routes/profile-page'), 'ProfilePage'),
  },
  {
    path: paths.bundles,
    action: 'list',
    subject: 'bundle',
    Page: lazyPage(() => import('../features/bundles/routes/bundle-list-page'), 'BundleListPage'),
  },
  {
    path: paths.bundleCreate,
    action: 'create',
    subject: 'bundle',
    Page: lazyPage(() => import('../features/bundles/routes/bundle-create-page'), 'BundleCreatePage'),
  },
  {
    path: paths.bundleEdit,
    action: 'list',
    subject: 'bundle',
    Page: lazyPage(() => import('../features/bundles/routes/bundle-edit-page'), 'BundleEditPage'),
  },
  {
    path: paths.jobs,
    action: 'list',
    subject: 'job',
    Page: lazyPage(() => import('../features/jobs/routes/job-list-page'), 'JobListPage'),
  },
  {
    path: paths.tariffs,
    action: 'list',
    subject: 'tariff',
    Page: lazyPage(() => import('../features/tariffs/routes/tariff-list-page'), 'TariffListPage'),
  },
  {
    path: paths.tariffCreate,
    action: 'create',
    subject: 'tariff',
    Page: lazyPage(() => import('../features/tariffs/routes/tariff-create-page'), 'TariffCreatePage'),
  },
  {
    path: paths.tariffEdit,
    action: 'list',
    subject: 'tariff',
    Page: lazyPage(() => import('../features/tariffs/routes/tariff-edit-page'), 'TariffEditPage'),
  },
  {
    path: paths.exchangeRates,
    action: 'list',
    subject: 'exchange_rate',
    Page: lazyPage(() => import('../features/exchange-rates/routes/exchange-rates-page'), 'ExchangeRatesPage'),
  },
  {
    path: paths.stations,
    action: 'list',
    subject: 'station',
    Page: lazyPage(() => import('../features/stations/routes/station-list-page'), 'StationListPage'),
  },
  {
    path: paths.stationCreate,
    action: 'create',
    subject: 'station',
    Page: lazyPage(() => import('../features/stations/routes/station-create-page'), 'StationCreatePage'),
  },
  {
    path: paths.stationEdit,
    action: 'list',
    subject: 'station',
    Page: lazyPage(() => import('../features/stations/routes/station-edit-page'), 'StationEditPage'),
  },
  {
    path: paths.counters,
    action: 'list',
    subject: 'counter',
    Page: lazyPage(() => import('../features/counters/routes/counter-list-page'), 'CounterListPage'),
  },
  {
    path: paths.round,
    action: 'list',
    subject: 'route',
    Page: lazyPage(() => import('../features/routes/routes/round-page'), 'RoundPage'),
  },
  {
    path: paths.roundBuilding,
    action: 'list',
    subject: 'route',
    Page: lazyPage(() => import('../features/routes/routes/round-building-page'), 'RoundBuildingPage'),
  },
  {
    path: paths.rounds,
    action: 'list',
    subject: 'route_assignment',
    Page: lazyPage(() => import('../features/routes/routes/route-assignments-page'), 'RouteAssignmentsPage'),
  },
  {
    path: paths.customers,
    action: 'list',
    subject: 'customer',
    Page: lazyPage(() => import('../features/customers/routes/customer-list-page'), 'CustomerListPage'),
  },
  {
    path: paths.customerCreate,
    action: 'create',
    subject: 'customer',
    Page: lazyPage(() => import('../features/customers/routes/customer-create-page'), 'CustomerCreatePage'),
  },
  {
    path: paths.customerImport,
    action: 'create',
    subject: 'customer_import',
    Page: lazyPage(() => import('../features/customers/routes/customer-import-page'), 'CustomerImportPage'),
  },
  {
    path: paths.customerEdit,
    action: 'list',
    subject: 'customer',
    Page: lazyPage(() => import('../features/customers/routes/customer-edit-page'), 'CustomerEditPage'),
  },
  {
    path: paths.payments,
    action: 'list',
    subject: 'payment',
    Page: lazyPage(() => import('../features/payments/routes/payment-list-page'), 'PaymentListPage'),
  },
  {
    path: paths.invoices,
    action: 'list',
    subject: 'invoice',
    Page: lazyPage(() => import('../features/invoices/routes/invoice-list-page'), 'InvoiceListPage'),
  },
  {
    path: paths.invoiceCreate,
    action: 'create',
    subject: 'invoice',
    Page: lazyPage(() => import('../features/invoices/routes/invoice-create-page'), 'InvoiceCreatePage'),
  },
  {
    path: paths.invoiceDetails,
    action: 'view',
    subject: 'invoice',
    Page: lazyPage(() => import('../features/invoices/routes/invoice-details-page'), 'InvoiceDetailsPage'),
  },
  {
    path: paths.overdue,
    action: 'list',
    subject: 'invoice',
    Page: lazyPage(() => import('../features/overdue/routes/overdue-list-page'), 'OverdueListPage'),
  },
  {
    path: paths.transactions,
    action: 'list',
    subject: 'transaction',
    Page: lazyPage(() => import('../features/transactions/routes/transaction-list-page'), 'TransactionListPage'),
  },
  {
    path: paths.transactionCreate,
    action: 'create',
    subject: 'transaction',
    Page: lazyPage(() => import('../features/transactions/routes/transaction-create-page'), 'TransactionCreatePage'),
  },
  // The tenant's services (admins write, accountants read).
  {
    path: paths.services,
    action: 'list',
    subject: 'service',
    Page: lazyPage(() => import('../features/services/routes/service-list-page'), 'ServiceListPage'),
  },
  {
    path: paths.serviceCreate,
    action: 'create',
    subject: 'service',
    Page: lazyPage(() => import('../features/services/routes/service-create-page'), 'ServiceCreatePage'),
  },
  {
    path: paths.serviceEdit,
    action: 'list',
    subject: 'service',
    Page: lazyPage(() => import('../features/services/routes/service-edit-page'), 'ServiceEditPage'),
  },
  {
    path: paths.settings,
    action: 'list',
    subject: 'settings',
    Page: lazyPage(() => import('../features/settings/routes/settings-page'), 'SettingsPage'),
  },
  {
    path: paths.collect,
    action: 'create',
    subject: 'payment',
    Page: lazyPage(() => import('../features/cash/routes/collect-page'), 'CollectPage'),
  },
  { path: paths.cash, action: 'list', subject: 'cash', Page: lazyPage(() => import('../features/cash/routes/cash-page'), 'CashPage') },
  {
    path: paths.paymentVerify,
    action: 'view',
    subject: 'invoice',
    Page: lazyPage(() => import('../features/cash/routes/payment-verify-page'), 'PaymentVerifyPage'),
  },
];

/** Waits for the session before any route decides (full-page loading bar, docs/product/specification.md section 4). */
function RootBoundary() {
  const { t } = useTranslation();
  const { isInitialized } = useSession();
  if (!isInitialized) return <FullPageLoader label={t('app.loading')} />;
  return (
    <Suspense fallback={<FullPageLoader label={t('app.loading')} />}>
      <Outlet />
    </Suspense>
  );
}

function PublicPage({ Page }: { Page: ComponentType }) {
  useScrollToTop();
  return <Page />;
}

export function buildRoutes(): RouteObject[] {
  const guestPage = (Page: ComponentType) => (
    <GuestOnly>
      <PublicPage Page={Page} />
    </GuestOnly>
  );
  const publicPage = (Page: ComponentType) => <PublicPage Page={Page} />;
  return [
    {
      element: <RootBoundary />,
      errorElement: <ServerErrorPage />,
      children: [
        { path: paths.root, element: guestPage(LoginPage) },
        { path: paths.login, element: guestPage(LoginPage) },
        { path: paths.forgotPassword, element: publicPage(ForgotPasswordPage) },
        { path: paths.resetPassword, element: publicPage(ResetPasswordPage) },
        { path: paths.notFound, element: publicPage(NotFoundPage) },
        { path: paths.serverError, element: publicPage(ServerErrorPage) },
        { path: paths.forbidden, element: publicPage(ForbiddenPage) },
        { path: paths.comingSoon, element: publicPage(ComingSoonPage) },
        { path: paths.publicBill, element: publicPage(PublicBillPage) },
        { path: paths.underConstruction, element: publicPage(UnderConstructionPage) },
        {
          element: (
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          ),
          children: protectedRoutes.map(({ path, action, subject, Page }) => ({
            path,
            element: (
              <RequirePermission action={action} subject={subject}>
                <Page />
              </RequirePermission>
            ),
          })),
        },
        { path: '*', element: publicPage(NotFoundPage) },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
