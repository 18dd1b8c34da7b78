import { and, asc, eq, gte, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Invoice, InvoiceLine, InvoiceStatus, ListInvoicesQuery } from '@meterline/contract/invoices';
import { invoiceListSpec, INVOICE_STATUSES } from '@meterline/contract/invoices';
import { formatMoneyAmount } from '@meterline/contract/money';
import type { Executor } from '../../db/client';
import { customers, invoiceLines, invoices, settings, subscriptions, uploads } from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import type { ServiceScope, TenantTerms } from '../services/service-scope';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

/** Status from the amounts: `paid` exactly when nothing is left to pay. */
export function statusFor(total: bigint, amountPaid: bigint): InvoiceStatus {
  if (amountPaid >= total) return 'paid';
  return amountPaid === 0n ? 'unpaid' : 'partially_paid';
}

export function isOverdue(row: Pick<InvoiceRow, 'status' | 'dueOn'>, today: string): boolean {
  return (row.status === 'unpaid' || row.status === 'partially_paid') && row.dueOn < today;
}

export function toInvoice(row: InvoiceRow, customer: { fullName: string; code: string }, terms: TenantTerms, today: string): Invoice {
  const money = (value: bigint) => formatMoneyAmount(value, terms.decimals);
  return {
    id: row.id,
    number: row.number,
    service: row.serviceId,
    customer: row.customerId,
    customer_name: customer.fullName,
    customer_code: customer.code,
    subscription: row.subscriptionId,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    issued_on: row.issuedOn,
    due_on: row.dueOn,
    currency: terms.currency,
    subtotal: money(row.subtotal),
    tax: money(row.tax),
    total: money(row.total),
    amount_paid: money(row.amountPaid),
    balance_due: money(row.status === 'cancelled' ? 0n : row.total - row.amountPaid),
    status: (INVOICE_STATUSES as readonly string[]).includes(row.status) ? (row.status as InvoiceStatus) : 'unpaid',
    is_overdue: isOverdue(row, today),
    previous_reading: row.previousReading,
    current_reading: row.currentReading,
    consumption: row.consumption,
    created_by: row.createdBy,
    notes: row.notes,
    cancelled_at: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    cancel_reason: row.cancelReason,
    created_at: row.createdAt.toISOString(),
  };
}

export function toInvoiceLine(row: InvoiceLineRow, decimals: number): InvoiceLine {
  return {
    id: row.id,
    position: row.position,
    description: row.description,
    quantity: row.quantity,
    unit_price: row.unitPrice,
    amount: formatMoneyAmount(row.amount, decimals),
  };
}

const scoped = (scope: ServiceScope) => and(eq(invoices.tenantId, scope.tenantId), eq(invoices.serviceId, scope.serviceId));
const balanceDue = sql`(case when ${invoices.status} = 'cancelled' then 0 else ${invoices.total} - ${invoices.amountPaid} end)`;

const orderingFields = {
  id: invoices.id,
  number: invoices.number,
  issued_on: invoices.issuedOn,
  due_on: invoices.dueOn,
  period_start: invoices.periodStart,
  total: invoices.total,
  amount_paid: invoices.amountPaid,
  balance_due: balanceDue,
  status: invoices.status,
  customer_name: customers.fullName,
  created_at: invoices.createdAt,
} satisfies Record<(typeof invoiceListSpec.ordering)[number], unknown>;

/** SQL for "overdue": due before today (the tenant's) with something left to pay. */
export function overdueCondition(today: string): SQL {
  return sql`(${invoices.status} in ('unpaid', 'partially_paid') and ${invoices.dueOn} < ${today})`;
}

export function listInvoicesSource(executor: Executor, scope: ServiceScope, query: ListInvoicesQuery, terms: TenantTerms, today: string): ListSource<Invoice> {
  const conditions: (SQL | undefined)[] = [
    scoped(scope),
    searchCondition(query.search, [invoices.number, customers.fullName, customers.code]),
    query.status === 'overdue' ? overdueCondition(today) : query.status ? eq(invoices.status, query.status) : undefined,
    query.customer ? eq(invoices.customerId, query.customer) : undefined,
    query.subscription ? eq(invoices.subscriptionId, query.subscription) : undefined,
    query.period_start ? gte(invoices.periodStart, query.period_start) : undefined,
    query.period_end ? lte(invoices.periodEnd, query.period_end) : undefined,
    query.date_from ? gte(invoices.issuedOn, query.date_from) : undefined,
    query.date_to ? lte(invoices.issuedOn, query.date_to) : undefined,
  ];
  const where = and(...conditions);
  const orderBy = orderByFor(query.ordering, orderingFields, invoiceListSpec.defaultOrdering, invoices.id);
  const joined = () => executor.select({ invoice: invoices, fullName: customers.fullName, code: customers.code }).from(invoices).innerJoin(customers, eq(customers.id, invoices.customerId));
  return {
    // The count joins customers only when the search needs their names.
    countQuery: () =>
      query.search?.trim()
        ? executor.select({ id: invoices.id }).from(invoices).innerJoin(customers, eq(customers.id, invoices.customerId)).where(where).$dynamic()
        : executor.select({ id: invoices.id }).from(invoices).where(where).$dynamic(),
    fetchPage: async (limit, offset) =>
      (await joined().where(where).orderBy(...orderBy).limit(limit).offset(offset)).map((row) => toInvoice(row.invoice, row, terms, today)),
  };
}

export async function findInvoiceWithCustomer(executor: Executor, scope: ServiceScope, invoiceId: number) {
  const [row] = await executor
    .select({ invoice: invoices, fullName: customers.fullName, code: customers.code })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(scoped(scope), eq(invoices.id, invoiceId)));
  return row ?? null;
}

/** The invoice row, locked for the rest of the transaction when asked: payments and cancels serialize on it. */
export async function findInvoiceRow(executor: Executor, scope: ServiceScope, invoiceId: number, options: { lock?: boolean } = {}): Promise<InvoiceRow | null> {
  const query = executor.select().from(invoices).where(and(scoped(scope), eq(invoices.id, invoiceId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findInvoiceLines(executor: Executor, tenantId: number, invoiceId: number): Promise<InvoiceLineRow[]> {
  return executor
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.tenantId, tenantId), eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLines.position));
}

/**
 * The next invoice number of the tenant, gapless: the settings row is locked (SELECT ... FOR
 * UPDATE) until the transaction that inserts the invoice ends, so concurrent creations queue
 * and a rolled-back one gives its number back.
 */
export async function allocateInvoiceNumber(executor: Executor, tenantId: number, prefix: string, year: string): Promise<string> {
  const [locked] = await executor
    .select({ last: settings.lastInvoiceNumber, prefix: settings.invoicePrefix })
    .from(settings)
    .where(eq(settings.tenantId, tenantId))
    .for('update');
  if (!locked) throw new Error(`Tenant ${tenantId} has no settings row`);
  const next = Number(locked.last) + 1;
  await executor.update(settings).set({ lastInvoiceNumber: next }).where(eq(settings.tenantId, tenantId));
  return formatInvoiceNumber(locked.prefix || prefix, year, next);
}

export function formatInvoiceNumber(prefix: string, year: string, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}

export async function insertInvoice(executor: Executor, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await executor.insert(invoices).values(values).returning();
  return row;
}

export async function insertInvoiceLines(executor: Executor, values: (typeof invoiceLines.$inferInsert)[]): Promise<InvoiceLineRow[]> {
  if (!values.length) return [];
  return executor.insert(invoiceLines).values(values).returning();
}

export async function updateInvoiceRow(executor: Executor, scope: ServiceScope, invoiceId: number, values: Partial<typeof invoices.$inferInsert>): Promise<InvoiceRow> {
  const [row] = await executor
    .update(invoices)
    .set(values)
    .where(and(scoped(scope), eq(invoices.id, invoiceId)))
    .returning();
  return row;
}

/** The cached balance moves in the same transaction as the money write that changes it. */
export async function addToCustomerBalance(executor: Executor, tenantId: number, customerId: number, delta: bigint): Promise<void> {
  if (delta === 0n) return;
  await executor
    .update(customers)
    .set({ balance: sql`${customers.balance} + ${delta.toString()}::bigint` })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
}

export async function findLiveInvoiceForPeriod(executor: Executor, tenantId: number, subscriptionId: number, periodStart: string, periodEnd: string) {
  const [row] = await executor
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        eq(invoices.subscriptionId, subscriptionId),
        eq(invoices.periodStart, periodStart),
        eq(invoices.periodEnd, periodEnd),
        ne(invoices.status, 'cancelled'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Subscriptions of the service that already have a live invoice for the period (the billing run skips them). */
export async function findBilledSubscriptionIds(executor: Executor, scope: ServiceScope, periodStart: string, periodEnd: string): Promise<Set<number>> {
  const rows = await executor
    .select({ id: invoices.subscriptionId })
    .from(invoices)
    .where(and(scoped(scope), eq(invoices.periodStart, periodStart), eq(invoices.periodEnd, periodEnd), ne(invoices.status, 'cancelled'), isNotNull(invoices.subscriptionId)));
  return new Set(rows.map((row) => row.id).filter((id): id is number => id !== null));
}

/** Open subscriptions of the service, optionally of one station or region (the billing run). */
export async function findOpenSubscriptions(executor: Executor, scope: ServiceScope, filters: { station?: number; region?: number }) {
  return executor
    .select({ id: subscriptions.id, customerId: subscriptions.customerId })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .where(
      and(
        eq(subscriptions.tenantId, scope.tenantId),
        eq(subscriptions.serviceId, scope.serviceId),
        isNull(subscriptions.endedOn),
        filters.station ? eq(subscriptions.stationId, filters.station) : undefined,
        filters.region ? eq(customers.regionId, filters.region) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.id));
}

export async function findSettingsRow(executor: Executor, tenantId: number) {
  const [row] = await executor.select().from(settings).where(eq(settings.tenantId, tenantId));
  return row ?? null;
}

/** An uploaded file (the tenant's logo) as a data: URI, so printed documents embed it. */
export async function findUploadDataUri(executor: Executor, name: string): Promise<string | null> {
  const [row] = await executor.select({ contentType: uploads.contentType, data: uploads.data }).from(uploads).where(eq(uploads.name, name));
  return row ? `data:${row.contentType};base64,${Buffer.from(row.data).toString('base64')}` : null;
}
