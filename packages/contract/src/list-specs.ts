import type { ListSpec } from './pagination';

/**
 * What each list offers (its orderings and filters, the choices of its filters) and the page sizes,
 * without zod: the web app's list screens read these on first render, and zod stays out of their JS
 * (docs/performance.md, "No zod before a screen shows"). Each domain module re-exports its own.
 */

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
/** `count` is exact up to this many rows; past it the API answers this number with count_capped. */
export const COUNT_CAP = 100_000;

// audit
export const auditListSpec = {
  ordering: ['at', 'id'],
  filters: ['entity', 'entity_id', 'subscription', 'actor', 'date_from', 'date_to'],
  defaultOrdering: '-at',
} as const satisfies ListSpec<'at' | 'id', 'entity' | 'entity_id' | 'subscription' | 'actor' | 'date_from' | 'date_to'>;

// bundles
export const bundleListSpec = {
  ordering: ['id', 'name', 'amperage', 'price', 'unit_price', 'is_active', 'created_at'],
  filters: ['is_active'],
  defaultOrdering: 'name',
} as const satisfies ListSpec<string, string>;

// customers
export const CUSTOMER_STATUSES = ['active', 'suspended', 'disconnected'] as const;
export const customerListSpec = {
  ordering: ['id', 'code', 'full_name', 'phone', 'status', 'balance', 'created_at', 'building', 'station'],
  filters: ['status', 'station', 'region', 'street', 'building', 'bundle', 'balance_due'],
  defaultOrdering: 'full_name',
} as const satisfies ListSpec<string, string>;

// exchange-rates
export const exchangeRateListSpec = {
  ordering: ['month', 'rate', 'set_at'],
  filters: ['currency'],
  defaultOrdering: '-month',
} as const satisfies ListSpec<string, string>;

// invoices
export const INVOICE_STATUSES = ['unpaid', 'partially_paid', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** `?status=` also accepts `overdue`: due before today (tenant's timezone) with a balance. */
export const INVOICE_STATUS_FILTERS = [...INVOICE_STATUSES, 'overdue'] as const;
export const invoiceListSpec = {
  ordering: [
    'id',
    'number',
    'issued_on',
    'due_on',
    'period_start',
    'total',
    'amount_paid',
    'balance_due',
    'status',
    'customer_name',
    'created_at',
  ],
  filters: ['status', 'customer', 'subscription', 'period_start', 'period_end', 'date_from', 'date_to'],
  defaultOrdering: '-issued_on,-id',
} as const satisfies ListSpec<string, string>;

// overdue
export const overdueListSpec = {
  ordering: ['days_overdue', 'overdue_amount', 'customer_name', 'oldest_due_on', 'last_payment_at', 'overdue_invoices', 'last_reminder_at'],
  filters: ['station', 'region', 'min_days'],
  defaultOrdering: '-days_overdue',
} as const satisfies ListSpec<string, string>;

// payments
export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer'] as const;
export const paymentListSpec = {
  ordering: ['id', 'paid_at', 'amount', 'method', 'customer_name', 'invoice_number'],
  filters: ['method', 'received_by', 'invoice', 'customer', 'date_from', 'date_to'],
  defaultOrdering: '-paid_at,-id',
} as const satisfies ListSpec<string, string>;

// routes
export const routeAssignmentListSpec = {
  ordering: ['id', 'collector', 'created_at'],
  filters: ['collector'],
  defaultOrdering: 'collector',
} as const satisfies ListSpec<string, string>;
export const routeListSpec = {
  /** `route`: region, street, then building, names compared with their numbers as numbers. */
  ordering: ['route', 'building_name', 'street_name', 'customers'],
  filters: ['collector', 'date'],
  defaultOrdering: 'route',
} as const satisfies ListSpec<string, string>;

// services
/** The Services screen's list (filtered in the browser: a tenant has a handful of services). */
export const serviceListSpec = {
  ordering: [],
  filters: ['is_active'],
} as const;

// stations
export const STATION_STATUSES = ['active', 'maintenance', 'offline'] as const;
export const stationListSpec = {
  ordering: ['id', 'name', 'code', 'status', 'capacity', 'created_at', 'customers_count'],
  filters: ['status', 'region', 'street', 'building'],
  defaultOrdering: 'name',
} as const satisfies ListSpec<string, string>;

// subscriptions
export const readingListSpec = {
  ordering: ['id', 'taken_at', 'value'],
  filters: ['kind'],
  defaultOrdering: '-id',
} as const satisfies ListSpec<string, string>;
export const counterListSpec = {
  ordering: ['id', 'customer_name', 'customer_code', 'building_name', 'floor', 'apartment', 'counter', 'counter_updated_at', 'consumption'],
  filters: ['station', 'region', 'street', 'building', 'bundle'],
  defaultOrdering: 'building_name,floor,apartment',
} as const satisfies ListSpec<string, string>;

// tariffs
export const tariffListSpec = {
  ordering: ['id', 'name', 'effective_from', 'effective_to', 'created_at'],
  filters: ['bundle', 'month'],
  defaultOrdering: '-effective_from',
} as const satisfies ListSpec<string, string>;

// tenants
export const tenantListSpec = {
  ordering: ['id', 'name', 'slug', 'email', 'db_alias', 'is_blocked', 'created_at', 'users_count'],
  filters: ['is_blocked', 'db_alias'],
  defaultOrdering: 'name',
} as const satisfies ListSpec<string, string>;

// transactions
export const TRANSACTION_KINDS = ['handover', 'expense', 'deposit', 'adjustment'] as const;
export const transactionListSpec = {
  ordering: ['id', 'created_at', 'amount', 'kind'],
  filters: ['kind', 'service', 'from_user', 'to_user', 'date_from', 'date_to'],
  defaultOrdering: '-created_at,-id',
} as const satisfies ListSpec<string, string>;

// users
export const userListSpec = {
  ordering: ['id', 'username', 'first_name', 'last_name', 'email', 'role', 'is_active', 'date_joined', 'last_login'],
  filters: ['role', 'is_active'],
  defaultOrdering: 'username',
} as const satisfies ListSpec<string, string>;
