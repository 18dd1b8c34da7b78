import { and, count, eq, min, sql } from 'drizzle-orm';
import { formatMoneyAmount } from '@meterline/contract/money';
import type { ListOverdueQuery, OverdueCustomer } from '@meterline/contract/overdue';
import { overdueListSpec } from '@meterline/contract/overdue';
import type { Executor } from '../../db/client';
import { customers, invoices } from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import { overdueCondition } from '../invoices/invoices.repository';
import type { ServiceScope } from '../services/service-scope';

/**
 * Customers with overdue invoices, one row each, from the invoices themselves: due before today
 * (the tenant's) with something left to pay.
 */
export function listOverdueSource(executor: Executor, scope: ServiceScope, query: ListOverdueQuery, today: string, decimals: number): ListSource<OverdueCustomer> {
  const oldestDueOn = min(invoices.dueOn);
  const daysOverdue = sql<number>`(${today}::date - min(${invoices.dueOn}))::int`;
  const overdueAmount = sql<string>`sum(${invoices.total} - ${invoices.amountPaid})`;
  const invoiceCount = count(invoices.id);
  const lastPaymentAt = sql<Date | string | null>`(select max(p.paid_at) from payments p where p.tenant_id = ${customers.tenantId} and p.customer_id = ${customers.id} and p.amount > 0)`;
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
      })
      .from(invoices)
      .innerJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.tenantId, invoices.tenantId)))
      .where(where)
      .groupBy(customers.id)
      .having(having)
      .$dynamic();
  return {
    countQuery: () => executor.select({ id: customers.id }).from(invoices).innerJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.tenantId, invoices.tenantId))).where(where).groupBy(customers.id).having(having).$dynamic(),
    fetchPage: async (limit, offset) =>
      (await grouped().orderBy(...orderBy).limit(limit).offset(offset)).map((row) => ({
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
        last_reminder_at: null,
      })),
  };
}

