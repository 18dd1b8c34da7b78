import type { ListAuditQuery } from '@meterline/contract/audit';
import type { ListQueryParams } from '../hooks/use-list-url-state';
import type { Query } from '../lib/api-client';

/**
 * Every TanStack Query key of the app, one factory per entity (docs/ARCHITECTURE.md, "Query keys").
 * Service data is keyed `['services', serviceId, '<entity>', ...]`, so invalidating `all(serviceId)`
 * refreshes an entity's lists, details and options at once; money writes refresh several entities
 * through `shared/lib/money-queries.ts`.
 */
function serviceEntityKeys<Entity extends string>(entity: Entity) {
  return {
    all: (serviceId: number) => ['services', serviceId, entity] as const,
    lists: (serviceId: number) => ['services', serviceId, entity, 'list'] as const,
    list: (serviceId: number, query: Query) => ['services', serviceId, entity, 'list', query] as const,
    detail: (serviceId: number, id: number) => ['services', serviceId, entity, 'detail', id] as const,
    options: (serviceId: number, search = '') => ['services', serviceId, entity, 'options', search] as const,
  };
}

export const customerKeys = {
  ...serviceEntityKeys('customers'),
  /** The customer's ledger (docs/accounts.md), under the customer so money writes refresh it. */
  ledger: (serviceId: number, customerId: number, query: Query) =>
    ['services', serviceId, 'customers', 'ledger', customerId, query] as const,
  /** The messages sent to the customer (newest first, pages loaded one after another). */
  messages: (serviceId: number, customerId: number) => ['services', serviceId, 'customers', 'messages', customerId] as const,
};
export const invoiceKeys = {
  ...serviceEntityKeys('invoices'),
  billingRunPreview: (serviceId: number, input: unknown) => ['services', serviceId, 'invoices', 'billing-run-preview', input] as const,
  overdue: (serviceId: number, query: Query) => ['services', serviceId, 'invoices', 'overdue', query] as const,
  /** Every overdue list of the service (reminders refresh `last_reminder_at`). */
  overdueAll: (serviceId: number) => ['services', serviceId, 'invoices', 'overdue'] as const,
  /** An invoice's credit notes (docs/accounts.md). */
  creditNotes: (serviceId: number, invoiceId: number) => ['services', serviceId, 'invoices', 'credit-notes', invoiceId] as const,
};
export const paymentKeys = serviceEntityKeys('payments');
/** "Check my bill": a customer's public bill by its link's token (no service, no session). */
export const publicBillKeys = { detail: (token: string) => ['public-bills', token] as const };
export const counterKeys = {
  ...serviceEntityKeys('counters'),
  readings: (serviceId: number, subscriptionId: number, query: Query) =>
    ['services', serviceId, 'counters', 'readings', subscriptionId, query] as const,
};
export const bundleKeys = serviceEntityKeys('bundles');
/** The tenant's exchange rates, under a service like every billing call: writes invalidate `all(serviceId)`. */
export const exchangeRateKeys = {
  all: (serviceId: number) => ['services', serviceId, 'exchange-rates'] as const,
  list: (serviceId: number, query: Query) => ['services', serviceId, 'exchange-rates', 'list', query] as const,
  missing: (serviceId: number, query: Query) => ['services', serviceId, 'exchange-rates', 'missing', query] as const,
};
export const stationKeys = serviceEntityKeys('stations');
export const tariffKeys = serviceEntityKeys('tariffs');
/** A service's cash (docs/collectors.md): a payment or a count invalidates `all(serviceId)`. */
export const cashKeys = {
  all: (serviceId: number) => ['services', serviceId, 'cash'] as const,
  list: (serviceId: number, query: Query) => ['services', serviceId, 'cash', 'list', query] as const,
  handovers: (serviceId: number, query: Query) => ['services', serviceId, 'cash', 'handovers', query] as const,
  performance: (serviceId: number, query: Query) => ['services', serviceId, 'cash', 'performance', query] as const,
  verification: (serviceId: number, paymentId: number) => ['services', serviceId, 'cash', 'verification', paymentId] as const,
};
/** The rounds of a service: every visit, reading or payment invalidates `all(serviceId)`. */
export const routeKeys = {
  all: (serviceId: number) => ['services', serviceId, 'routes'] as const,
  list: (serviceId: number, query: Query) => ['services', serviceId, 'routes', 'list', query] as const,
  detail: (serviceId: number, buildingId: number, query: Query) => ['services', serviceId, 'routes', 'detail', buildingId, query] as const,
  assignments: (serviceId: number, query: Query) => ['services', serviceId, 'routes', 'assignments', query] as const,
  /**
   * The round's day kept on the phone (docs/offline.md): its answer seeds the keys the round's
   * screens read. Outside `all(serviceId)`, so a reading does not fetch the whole day again.
   */
  fieldData: (serviceId: number, query: Query) => ['services', serviceId, 'round-field-data', query] as const,
};

/** `all` is the selector's list (active services); the Services screen's list and records sit under it. */
export const serviceKeys = {
  all: ['services'] as const,
  lists: () => ['services', 'list'] as const,
  list: (query: Query) => ['services', 'list', query] as const,
  detail: (id: number) => ['services', 'detail', id] as const,
};
export const statisticsKeys = {
  all: ['statistics'] as const,
  one: (name: 'stats1' | 'stats2' | 'stats3' | 'stats4', query: Query) => ['statistics', name, query] as const,
};
export const transactionKeys = {
  all: ['transactions'] as const,
  list: (query: Query) => ['transactions', 'list', query] as const,
};
export const addressKeys = {
  regions: ['regions'] as const,
  streets: (regionId: number) => ['regions', regionId, 'streets'] as const,
  buildings: (regionId: number, streetId: number) => ['regions', regionId, 'streets', streetId, 'buildings'] as const,
};
export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (query: ListQueryParams) => ['users', 'list', query] as const,
  detail: (userId: number) => ['users', 'detail', userId] as const,
  staffOptions: ['users', 'staff-options'] as const,
};
export const tenantKeys = {
  all: ['tenants'] as const,
  lists: () => ['tenants', 'list'] as const,
  list: (query: ListQueryParams) => ['tenants', 'list', query] as const,
  detail: (tenantId: number) => ['tenants', 'detail', tenantId] as const,
  aliases: () => ['tenants', 'aliases'] as const,
  users: (tenantId: number) => ['tenants', tenantId, 'users'] as const,
  userLists: (tenantId: number) => ['tenants', tenantId, 'users', 'list'] as const,
  userList: (tenantId: number, query: ListQueryParams) => ['tenants', tenantId, 'users', 'list', query] as const,
  user: (tenantId: number, userId: number) => ['tenants', tenantId, 'users', 'detail', userId] as const,
};
/** A query of the audit history (the list's filters and page). */
export type AuditQuery = Partial<
  Pick<ListAuditQuery, 'entity' | 'entity_id' | 'subscription' | 'actor' | 'date_from' | 'date_to' | 'page' | 'page_size'>
>;

/** The audit history: a write invalidates `auditKeys.all`; one record's history is `auditKeys.of(entity, id)`. */
export const auditKeys = {
  all: ['audit'] as const,
  lists: () => ['audit', 'list'] as const,
  list: (query: AuditQuery) => ['audit', 'list', query] as const,
  of: (entity: AuditQuery['entity'], entityId: string | number) => ['audit', 'list', { entity, entity_id: String(entityId) }] as const,
};
/** The tenant's background jobs (docs/billing.md, "Jobs"): a job's detail is polled while it runs. */
export const jobKeys = {
  all: ['jobs'] as const,
  lists: () => ['jobs', 'list'] as const,
  list: (query: Query) => ['jobs', 'list', query] as const,
  detail: (id: number) => ['jobs', 'detail', id] as const,
};
export const roleKeys = { all: ['roles'] as const };
export const configKeys = { all: ['config'] as const };
/** The new client's setup checklist (docs/tenants-and-settings.md): tenant-wide, not per service. */
/** The tenant's message channels and texts (Settings, "Messages"): tenant-wide, not per service. */
export const notificationKeys = {
  all: ['notifications'] as const,
  channels: () => ['notifications', 'channels'] as const,
  templates: () => ['notifications', 'templates'] as const,
};
export const onboardingKeys = { all: ['onboarding'] as const };
/** An uploaded picture's bytes (avatar, logo, meter photo), by its `/api/media/…` URL: never kept on the device. */
export const mediaKeys = { image: (url: string) => ['media', url] as const };
