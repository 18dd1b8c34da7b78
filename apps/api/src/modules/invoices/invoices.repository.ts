import { and, asc, eq, getTableColumns, gte, inArray, isNotNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type {
  Invoice,
  InvoiceLine,
  InvoiceLinePricing,
  InvoiceStatus,
  InvoiceTotals,
  ListInvoicesQuery,
} from '@meterline/contract/invoices';
import { invoiceListSpec, INVOICE_STATUSES } from '@meterline/contract/invoices';
import { formatMoneyAmount } from '@meterline/contract/money';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import {
  customers,
  invoiceCounts,
  invoiceExchangeRates,
  invoiceLinePricing,
  invoiceLines,
  invoiceRollups,
  invoices,
  meterReadings,
  paymentTenders,
  payments,
  readingVoids,
  subscriptions,
  tariffs,
  users,
} from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import type { ServiceScope, TenantTerms } from '../../scope/service-scope';
import type { InvoiceRateRow } from './pricing.repository';
import { secondCurrencyFields } from './two-currencies';
import { toLinePricing } from './pricing.repository';
import { isOverdue } from './invoice-rules';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

export function toInvoice(
  row: InvoiceRow,
  customer: { fullName: string; code: string; rate?: InvoiceRateRow | null; publicLinkVersion?: number },
  terms: TenantTerms,
  today: string,
  linkOf?: InvoiceLinkOf,
): Invoice {
  const money = (value: bigint) => formatMoneyAmount(value, terms.decimals);
  const balance = row.status === 'cancelled' ? 0n : row.total - row.amountPaid;
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
    balance_due: money(balance),
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
    ...secondCurrencyFields(row.total, balance, terms, customer.rate ?? null),
    ...(linkOf && customer.publicLinkVersion !== undefined
      ? { public_url: linkOf(row.tenantId, row.customerId, customer.publicLinkVersion) }
      : {}),
  };
}

/** The customer's public bill link from the columns a query read (docs/security.md, "The public bill link"). */
export type InvoiceLinkOf = (tenantId: number, customerId: number, publicLinkVersion: number) => string;

/** What an invoice's answer shows of its customer: the name, the code, and its bill link's version. */
const invoiceCustomerColumns = { fullName: customers.fullName, code: customers.code, publicLinkVersion: customers.publicLinkVersion };

export function toInvoiceLine(row: InvoiceLineRow, decimals: number, pricing: InvoiceLinePricing | null = null): InvoiceLine {
  return {
    id: row.id,
    position: row.position,
    description: row.description,
    quantity: row.quantity,
    unit_price: row.unitPrice,
    amount: formatMoneyAmount(row.amount, decimals),
    pricing,
  };
}

const scoped = (scope: ServiceScope) => and(eq(invoices.tenantId, scope.tenantId), eq(invoices.serviceId, scope.serviceId));
/** The rate the invoice stored (docs/money-and-numbering.md), joined where invoices are answered. */
const rateOfInvoice = and(eq(invoiceExchangeRates.tenantId, invoices.tenantId), eq(invoiceExchangeRates.invoiceId, invoices.id));
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

export function listInvoicesSource(
  executor: Executor,
  scope: ServiceScope,
  query: ListInvoicesQuery,
  terms: TenantTerms,
  today: string,
  linkOf?: InvoiceLinkOf,
): ListSource<Invoice, InvoiceTotals> {
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
  const isSearch = Boolean(query.search?.trim());
  const needsCustomers = isSearch || /\bcustomer_name\b/.test(query.ordering ?? '');
  const isStatusOnly =
    !isSearch && !query.customer && !query.subscription && !query.period_start && !query.period_end && !query.date_from && !query.date_to;
  const ordered = (isReversed: boolean) =>
    orderByFor(query.ordering, orderingFields, invoiceListSpec.defaultOrdering, invoices.id, { isReversed });
  const orderBy = ordered(false);
  const ofTenant = and(eq(customers.tenantId, invoices.tenantId), eq(customers.id, invoices.customerId));
  // Cut the page on invoices (an index walk, customers joined only to search or order by name),
  // then join the customer names of that page alone.
  const fetchRows = async (limit: number, offset: number, isReversed: boolean) => {
    const ids = executor.select({ id: invoices.id }).from(invoices).$dynamic();
    const page = (needsCustomers ? ids.innerJoin(customers, ofTenant) : ids)
      .where(where)
      .orderBy(...ordered(isReversed))
      .limit(limit)
      .offset(offset)
      .as('page');
    const rows = await executor
      .select({ invoice: invoices, ...invoiceCustomerColumns, rate: invoiceExchangeRates })
      .from(invoices)
      .innerJoin(page, eq(page.id, invoices.id))
      .innerJoin(customers, ofTenant)
      .leftJoin(invoiceExchangeRates, rateOfInvoice)
      .where(scoped(scope))
      .orderBy(...orderBy);
    return rows.map((row) => toInvoice(row.invoice, row, terms, today, linkOf));
  };
  return {
    // The count joins customers only when the search needs their names.
    countQuery: () =>
      isSearch
        ? executor.select({ id: invoices.id }).from(invoices).innerJoin(customers, ofTenant).where(where).$dynamic()
        : executor.select({ id: invoices.id }).from(invoices).where(where).$dynamic(),
    keptCount: async () => (isStatusOnly ? countKeptInvoices(executor, scope, query.status, today) : null),
    fetchPage: (limit, offset) => fetchRows(limit, offset, false),
    fetchPageFromEnd: async (limit, offsetFromEnd) => fetchRows(limit, offsetFromEnd, true),
    // One aggregate over the same filters; a cancelled invoice was voided, so it adds nothing.
    totals: async () => {
      const live = sql`${invoices.status} <> 'cancelled'`;
      const sums = executor
        .select({
          total: sql<string>`coalesce(sum(${invoices.total}) filter (where ${live}), 0)::text`,
          amountPaid: sql<string>`coalesce(sum(${invoices.amountPaid}) filter (where ${live}), 0)::text`,
          balanceDue: sql<string>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}) filter (where ${live}), 0)::text`,
        })
        .from(invoices)
        .$dynamic();
      const row = first(await (isSearch ? sums.innerJoin(customers, ofTenant) : sums).where(where), 'the row of the totals');
      const money = (value: string) => formatMoneyAmount(BigInt(value), terms.decimals);
      return { total: money(row.total), amount_paid: money(row.amountPaid), balance_due: money(row.balanceDue) };
    },
  };
}

/**
 * Invoices of the service (of one status, or overdue) from the counters the triggers of migration
 * 0006 keep: a few rows read instead of every invoice counted.
 */
export async function countKeptInvoices(
  executor: Executor,
  scope: ServiceScope,
  status: ListInvoicesQuery['status'],
  today: string,
): Promise<number> {
  const rows =
    status === 'overdue'
      ? await executor
          .select({ n: sql<string>`coalesce(sum(${invoiceRollups.invoices}), 0)::text` })
          .from(invoiceRollups)
          .where(
            and(
              eq(invoiceRollups.tenantId, scope.tenantId),
              eq(invoiceRollups.serviceId, scope.serviceId),
              inArray(invoiceRollups.status, ['unpaid', 'partially_paid']),
              lt(invoiceRollups.dueOn, today),
            ),
          )
      : await executor
          .select({ n: sql<string>`coalesce(sum(${invoiceCounts.invoices}), 0)::text` })
          .from(invoiceCounts)
          .where(
            and(
              eq(invoiceCounts.tenantId, scope.tenantId),
              eq(invoiceCounts.serviceId, scope.serviceId),
              status ? eq(invoiceCounts.status, status) : undefined,
            ),
          );
  return Number(first(rows, 'the row of the count').n);
}

/** One row of `table` as a JSON array of its columns' texts: exact (numbers, timestamps), as the drivers give them. */
function rowAsJson(table: PgTable): SQL {
  return sql`json_build_array(${sql.join(
    Object.values(getTableColumns(table)).map((column) => sql`${column}::text`),
    sql`, `,
  )})`;
}

/** The typed row back from `rowAsJson`, through each column's own driver mapping. */
function rowFromJson<T extends PgTable>(table: T, values: (string | null)[]): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  Object.entries(getTableColumns(table)).forEach(([key, column], index) => {
    const value = values[index];
    if (value === null) row[key] = null;
    else if (column.dataType === 'boolean') row[key] = value === 'true';
    else {
      // Serial and integer columns leave parsing to the driver; a text here becomes their number.
      const mapped: unknown = column.mapFromDriverValue(value);
      if (typeof mapped !== 'string') row[key] = mapped;
      else if (column.dataType === 'number') row[key] = Number(mapped);
      else if (column.dataType === 'bigint') row[key] = BigInt(mapped);
      else if (column.dataType === 'json') row[key] = JSON.parse(mapped);
      else row[key] = mapped;
    }
  });
  return row as T['$inferSelect'];
}

const jsonRows = (table: PgTable, where: SQL, orderBy: SQL) =>
  sql`coalesce((select json_agg(${rowAsJson(table)} order by ${orderBy}) from ${table} where ${where}), '[]'::json)`;

/**
 * Everything the invoice detail shows in one statement (docs/performance.md: 8 statements before): the
 * invoice and its customer, its lines, its payments, the live readings it billed and, when the
 * tenant's rows share the database with the users (`withNames`), the names of who took them. A null
 * when not found.
 *
 * The readings it billed are those after the customer's previous live meter invoice's last billed
 * reading, up to its own (`last_reading_id`, docs/billing.md, "Voiding a reading"): an October invoice
 * made in late November shows October's reading, not the one of 27 November it did not bill. An
 * invoice from before that column falls back on when the invoices were made.
 */
export async function findInvoiceDetail(executor: Executor, scope: ServiceScope, invoiceId: number, options: { withNames: boolean }) {
  const paymentsOfInvoice = sql`${payments.tenantId} = ${invoices.tenantId} and ${payments.invoiceId} = ${invoices.id}`;
  const previousMeterInvoice = (column: SQL) => sql`(select ${column} from ${invoices} as previous
    where previous.tenant_id = ${invoices.tenantId} and previous.customer_id = ${invoices.customerId}
      and previous.status <> 'cancelled' and previous.consumption is not null and previous.id < ${invoices.id}
    order by previous.id desc limit 1)`;
  const previousLastReadingId = previousMeterInvoice(sql`previous.last_reading_id`);
  const previousMeterInvoiceAt = previousMeterInvoice(sql`previous.created_at`);
  const billedReadings = sql`${meterReadings.tenantId} = ${invoices.tenantId} and ${invoices.consumption} is not null
    and exists (select 1 from ${subscriptions} where ${subscriptions.tenantId} = ${meterReadings.tenantId}
      and ${subscriptions.id} = ${meterReadings.subscriptionId} and ${subscriptions.customerId} = ${invoices.customerId})
    and (case when ${previousLastReadingId} is not null then ${meterReadings.id} > ${previousLastReadingId}
      else ${meterReadings.takenAt} > coalesce(${previousMeterInvoiceAt}, '-infinity'::timestamptz) end)
    and (case when ${invoices.lastReadingId} is not null then ${meterReadings.id} <= ${invoices.lastReadingId}
      else ${meterReadings.takenAt} <= ${invoices.createdAt} end)
    and not exists (select 1 from ${readingVoids} where ${readingVoids.tenantId} = ${meterReadings.tenantId} and ${readingVoids.readingId} = ${meterReadings.id})`;
  const names = options.withNames
    ? sql`coalesce((select json_agg(json_build_array(${users.id}::text, ${users.firstName}, ${users.lastName}, ${users.username})) from ${users}
        where ${users.tenantId} = ${invoices.tenantId} and (
          ${users.id} in (select ${payments.receivedBy} from ${payments} where ${paymentsOfInvoice})
          or ${users.id} in (select ${meterReadings.takenBy} from ${meterReadings} where ${billedReadings}))), '[]'::json)`
    : sql`'[]'::json`;
  const query = executor
    .select({
      invoice: invoices,
      ...invoiceCustomerColumns,
      lines: sql<
        (string | null)[][]
      >`${jsonRows(invoiceLines, sql`${invoiceLines.tenantId} = ${invoices.tenantId} and ${invoiceLines.invoiceId} = ${invoices.id}`, sql`${invoiceLines.position}`)}`,
      payments: sql<(string | null)[][]>`${jsonRows(payments, paymentsOfInvoice, sql`${payments.id}`)}`,
      readings: sql<(string | null)[][]>`${jsonRows(meterReadings, billedReadings, sql`${meterReadings.id}`)}`,
      names: sql<[string, string, string, string][]>`${names}`,
      pricing: sql<
        [string, string | null, string, string | null, string | null][]
      >`coalesce((select json_agg(json_build_array(${invoiceLinePricing.invoiceLineId}::text,
          ${invoiceLinePricing.tariffId}::text, ${invoiceLinePricing.month}::text, ${invoiceLinePricing.tier}::text, ${tariffs.name}))
        from ${invoiceLinePricing} left join ${tariffs} on ${tariffs.tenantId} = ${invoiceLinePricing.tenantId} and ${tariffs.id} = ${invoiceLinePricing.tariffId}
        where ${invoiceLinePricing.tenantId} = ${invoices.tenantId} and ${invoiceLinePricing.invoiceLineId} in
          (select ${invoiceLines.id} from ${invoiceLines} where ${invoiceLines.tenantId} = ${invoices.tenantId} and ${invoiceLines.invoiceId} = ${invoices.id})), '[]'::json)`,
      tenders: sql<
        (string | null)[][]
      >`${jsonRows(paymentTenders, sql`${paymentTenders.tenantId} = ${invoices.tenantId} and ${paymentTenders.paymentId} in (select ${payments.id} from ${payments} where ${paymentsOfInvoice})`, sql`${paymentTenders.id}`)}`,
      rate: invoiceExchangeRates,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(invoiceExchangeRates, rateOfInvoice)
    .where(and(scoped(scope), eq(invoices.id, invoiceId)));
  const [row] = await query;
  if (!row) return null;
  const userNames = new Map<number, string>();
  for (const [id, firstName, lastName, username] of row.names) userNames.set(Number(id), `${firstName} ${lastName}`.trim() || username);
  const tenders = new Map(row.tenders.map((values) => rowFromJson(paymentTenders, values)).map((tender) => [tender.paymentId, tender]));
  const pricing = new Map<number, InvoiceLinePricing>();
  for (const [lineId, tariffId, month, tier, tariffName] of row.pricing) {
    pricing.set(
      Number(lineId),
      toLinePricing({
        tariffId: tariffId === null ? null : Number(tariffId),
        tariffName,
        month,
        tier: tier === null ? null : Number(tier),
      }),
    );
  }
  return {
    found: { invoice: row.invoice, fullName: row.fullName, code: row.code, publicLinkVersion: row.publicLinkVersion, rate: row.rate },
    pricing,
    lines: row.lines.map((values) => rowFromJson(invoiceLines, values)),
    payments: row.payments.map((values) => {
      const payment = rowFromJson(payments, values);
      return { payment, invoiceNumber: row.invoice.number, customerName: row.fullName, tender: tenders.get(payment.id) ?? null };
    }),
    readings: row.readings.map((values) => rowFromJson(meterReadings, values)),
    names: options.withNames ? userNames : null,
  };
}

/** The invoice row, locked for the rest of the transaction when asked: payments and cancels serialize on it. */
export async function findInvoiceRow(
  executor: Executor,
  scope: ServiceScope,
  invoiceId: number,
  options: { lock?: boolean } = {},
): Promise<InvoiceRow | null> {
  const query = executor
    .select()
    .from(invoices)
    .where(and(scoped(scope), eq(invoices.id, invoiceId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertInvoice(executor: Executor, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  return first(await executor.insert(invoices).values(values).returning(), 'a row inserted into invoices');
}

export async function insertInvoiceLines(executor: Executor, values: (typeof invoiceLines.$inferInsert)[]): Promise<InvoiceLineRow[]> {
  if (!values.length) return [];
  return executor.insert(invoiceLines).values(values).returning();
}

export async function updateInvoiceRow(
  executor: Executor,
  scope: ServiceScope,
  invoiceId: number,
  values: Partial<typeof invoices.$inferInsert>,
): Promise<InvoiceRow> {
  return first(
    await executor
      .update(invoices)
      .set(values)
      .where(and(scoped(scope), eq(invoices.id, invoiceId)))
      .returning(),
    'the updated invoices row',
  );
}

/** Subscriptions of the service with a live invoice overlapping the period (the billing run skips them). */
export async function findBilledSubscriptionIds(
  executor: Executor,
  scope: ServiceScope,
  periodStart: string,
  periodEnd: string,
): Promise<Set<number>> {
  const rows = await executor
    .select({ id: invoices.subscriptionId })
    .from(invoices)
    .where(
      and(
        scoped(scope),
        lte(invoices.periodStart, periodEnd),
        gte(invoices.periodEnd, periodStart),
        ne(invoices.status, 'cancelled'),
        isNotNull(invoices.subscriptionId),
      ),
    );
  return new Set(rows.map((row) => row.id).filter((id): id is number => id !== null));
}

/**
 * The live invoices of a billed period (of one station or region), in the order the office
 * hands them out: station, then the customer's code. `limit` caps one printed document.
 */
export async function findInvoiceIdsOfPeriod(
  executor: Executor,
  scope: ServiceScope,
  period: { start: string; end: string },
  filters: { station?: number; region?: number },
  limit: number,
): Promise<number[]> {
  const rows = await executor
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
    .where(
      and(
        scoped(scope),
        // Within the period: a meter opened or changed mid month was billed for its own days.
        gte(invoices.periodStart, period.start),
        lte(invoices.periodEnd, period.end),
        ne(invoices.status, 'cancelled'),
        filters.station ? eq(subscriptions.stationId, filters.station) : undefined,
        filters.region ? eq(customers.regionId, filters.region) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.stationId), asc(customers.code), asc(invoices.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
