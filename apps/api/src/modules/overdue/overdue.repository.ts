import { and, count, desc, eq, inArray, min, sql } from 'drizzle-orm';
import { formatMoneyAmount } from '@meterline/contract/money';
import type { ListOverdueQuery, OverdueCustomer, OverdueTotals } from '@meterline/contract/overdue';
import { overdueListSpec } from '@meterline/contract/overdue';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { customers, invoices, reminders } from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import { overdueCondition } from '../invoices/index';
import type { ServiceScope } from '../../scope/service-scope';

/**
 * Customers with overdue invoices, one row each, from the invoices themselves: due before today
 * (the tenant's) with something left to pay.
 */
export function listOverdueSource(
  executor: Executor,
  scope: ServiceScope,
  query: ListOverdueQuery,
  today: string,
  decimals: number,
): ListSource<OverdueCustomer, OverdueTotals> {
  const oldestDueOn = min(invoices.dueOn);
  const daysOverdue = sql<number>`(${today}::date - min(${invoices.dueOn}))::int`;
  const overdueAmount = sql<string>`sum(${invoices.total} - ${invoices.amountPaid})`;
  const invoiceCount = count(invoices.id);
  const lastPaymentAt = sql<
    Date | string | null
  >`(select max(p.paid_at) from payments p where p.tenant_id = ${customers.tenantId} and p.customer_id = ${customers.id} and p.amount > 0)`;
  const lastReminderAt = lastReminderAtOf();
  const where = and(
    eq(invoices.tenantId, scope.tenantId),
    eq(invoices.serviceId, scope.serviceId),
    overdueCondition(today),
    searchCondition(query.search, [customers.fullName, customers.code, customers.phone]),
    query.station === undefined ? undefined : eq(customers.stationId, query.station),
    query.region === undefined ? undefined : eq(customers.regionId, query.region),
  );
  // The disconnection list: customers whose oldest overdue invoice is at least N days past due.
  const having = query.min_days === undefined ? undefined : sql`min(${invoices.dueOn}) <= (${today}::date - ${query.min_days}::int)`;
  const orderingFields = {
    days_overdue: daysOverdue,
    overdue_amount: overdueAmount,
    customer_name: customers.fullName,
    oldest_due_on: oldestDueOn,
    last_payment_at: lastPaymentAt,
    overdue_invoices: invoiceCount,
    last_reminder_at: lastReminderAt,
  } satisfies Record<(typeof overdueListSpec.ordering)[number], unknown>;
  const orderBy = orderByFor(query.ordering, orderingFields, overdueListSpec.defaultOrdering, customers.id);
  const grouped = () =>
    executor
      .select({
        id: customers.id,
        code: customers.code,
        fullName: customers.fullName,
        phone: customers.phone,
        stationId: customers.stationId,
        regionId: customers.regionId,
        daysOverdue,
        oldestDueOn,
        invoiceCount,
        overdueAmount,
        lastPaymentAt,
        lastReminderAt,
      })
      .from(invoices)
      .innerJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.tenantId, invoices.tenantId)))
      .where(where)
      .groupBy(customers.id)
      .having(having)
      .$dynamic();
  // One row per customer the filters keep (the count's, and the totals' rows).
  const customersKept = () =>
    executor
      .select({ id: customers.id, overdueAmount: overdueAmount.as('overdue_amount'), invoiceCount: invoiceCount.as('invoice_count') })
      .from(invoices)
      .innerJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.tenantId, invoices.tenantId)))
      .where(where)
      .groupBy(customers.id)
      .having(having)
      .$dynamic();
  return {
    countQuery: customersKept,
    fetchPage: async (limit, offset) =>
      (
        await grouped()
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map((row) => ({
        customer: row.id,
        customer_code: row.code,
        customer_name: row.fullName,
        phone: row.phone,
        station: row.stationId,
        region: row.regionId,
        days_overdue: Number(row.daysOverdue),
        oldest_due_on: String(row.oldestDueOn),
        overdue_invoices: Number(row.invoiceCount),
        overdue_amount: formatMoneyAmount(BigInt(row.overdueAmount), decimals),
        last_payment_at: row.lastPaymentAt === null ? null : new Date(row.lastPaymentAt).toISOString(),
        last_reminder_at: row.lastReminderAt === null ? null : new Date(row.lastReminderAt).toISOString(),
      })),
    // Over every customer kept (min_days included), not the page: what they owe on their overdue invoices.
    totals: async () => {
      const kept = customersKept().as('kept');
      const row = first(
        await executor
          .select({
            overdueAmount: sql<string>`coalesce(sum(${kept.overdueAmount}), 0)::text`,
            overdueInvoices: sql<string>`coalesce(sum(${kept.invoiceCount}), 0)::text`,
          })
          .from(kept),
        'the row of the totals',
      );
      return {
        overdue_amount: formatMoneyAmount(BigInt(row.overdueAmount), decimals),
        overdue_invoices: Number(row.overdueInvoices),
      };
    },
  };
}

/** The customer's last reminder, for a query grouped by customer. */
function lastReminderAtOf() {
  return sql<
    Date | string | null
  >`(select max(r.sent_at) from reminders r where r.tenant_id = ${customers.tenantId} and r.customer_id = ${customers.id})`;
}

/** The customers of the service among `ids` (another tenant's or service's are not found). */
export async function findServiceCustomers(executor: Executor, scope: ServiceScope, ids: number[]) {
  if (ids.length === 0) return [];
  return executor
    .select({ id: customers.id, fullName: customers.fullName, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.tenantId, scope.tenantId), eq(customers.serviceId, scope.serviceId), inArray(customers.id, ids)));
}

export interface OverdueFacts {
  /** What is left to pay on the overdue invoices, minor units. */
  amount: bigint;
  oldestDueOn: string;
  daysOverdue: number;
}

/** One customer's overdue balance today (null: nothing overdue). */
export async function findOverdueFacts(
  executor: Executor,
  scope: ServiceScope,
  customerId: number,
  today: string,
): Promise<OverdueFacts | null> {
  return (await findOverdueFactsOf(executor, scope, [customerId], today)).get(customerId) ?? null;
}

/** The overdue facts of several customers in one statement, by customer (those owing nothing overdue are absent). */
export async function findOverdueFactsOf(
  executor: Executor,
  scope: ServiceScope,
  customerIds: number[],
  today: string,
): Promise<Map<number, OverdueFacts>> {
  if (!customerIds.length) return new Map();
  const rows = await executor
    .select({
      customerId: invoices.customerId,
      amount: sql<string | null>`sum(${invoices.total} - ${invoices.amountPaid})`,
      oldestDueOn: min(invoices.dueOn),
      daysOverdue: sql<number | null>`(${today}::date - min(${invoices.dueOn}))::int`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, scope.tenantId),
        eq(invoices.serviceId, scope.serviceId),
        inArray(invoices.customerId, customerIds),
        overdueCondition(today),
      ),
    )
    .groupBy(invoices.customerId);
  const facts = new Map<number, OverdueFacts>();
  for (const row of rows) {
    if (row.amount === null || row.oldestDueOn === null || BigInt(row.amount) <= 0n) continue;
    facts.set(row.customerId, { amount: BigInt(row.amount), oldestDueOn: String(row.oldestDueOn), daysOverdue: Number(row.daysOverdue) });
  }
  return facts;
}

export async function findLastReminderAt(executor: Executor, scope: ServiceScope, customerId: number): Promise<Date | null> {
  const [row] = await executor
    .select({ sentAt: reminders.sentAt })
    .from(reminders)
    .where(and(eq(reminders.tenantId, scope.tenantId), eq(reminders.customerId, customerId)))
    .orderBy(desc(reminders.sentAt))
    .limit(1);
  return row?.sentAt ?? null;
}

export async function insertReminder(tx: Executor, row: typeof reminders.$inferInsert) {
  return first(await tx.insert(reminders).values(row).returning(), 'a row inserted into reminders');
}

/** Every customer of the disconnection list (no paging: it is printed), the longest overdue first. */
export async function listDisconnectionRows(
  executor: Executor,
  scope: ServiceScope,
  query: { station?: number; region?: number; min_days: number },
  today: string,
  decimals: number,
  limit: number,
): Promise<OverdueCustomer[]> {
  const listQuery: ListOverdueQuery = { page: 1, page_size: limit, station: query.station, region: query.region, min_days: query.min_days };
  return listOverdueSource(executor, scope, listQuery, today, decimals).fetchPage(limit, 0);
}
