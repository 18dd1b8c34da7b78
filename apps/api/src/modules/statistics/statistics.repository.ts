import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { selectRows } from '../services/codes';

/** What every figure is computed over: one tenant, optionally one service, a window of days. */
export interface StatisticsScope {
  tenantId: number;
  serviceId?: number;
  timezone: string;
  /** Inclusive days (YYYY-MM-DD) in the tenant's timezone. */
  from: string;
  to: string;
  today: string;
}

const serviceFilter = (alias: string, serviceId: number | undefined): SQL =>
  serviceId ? sql`and ${sql.raw(alias)}.service_id = ${serviceId}` : sql``;

/** Day of a payment in the tenant's timezone. */
const paidOn = (timezone: string) => sql`(p.paid_at at time zone ${timezone})::date`;

export async function selectKpis(executor: Executor, scope: StatisticsScope) {
  const { tenantId, serviceId, timezone, from, to, today } = scope;
  const [row] = await selectRows<{
    customers: number;
    active_subscriptions: number;
    invoiced: string;
    collected: string;
    outstanding: string;
    overdue: number;
  }>(
    executor,
    sql`select
      (select count(*) from customers c where c.tenant_id = ${tenantId} ${serviceFilter('c', serviceId)})::int as customers,
      (select count(*) from subscriptions s where s.tenant_id = ${tenantId} ${serviceFilter('s', serviceId)} and s.ended_on is null)::int as active_subscriptions,
      (select coalesce(sum(i.total), 0) from invoices i where i.tenant_id = ${tenantId} ${serviceFilter('i', serviceId)}
         and i.status <> 'cancelled' and i.issued_on between ${from}::date and ${to}::date)::text as invoiced,
      (select coalesce(sum(p.amount), 0) from payments p where p.tenant_id = ${tenantId} ${serviceFilter('p', serviceId)}
         and ${paidOn(timezone)} between ${from}::date and ${to}::date)::text as collected,
      (select coalesce(sum(i.total - i.amount_paid), 0) from invoices i where i.tenant_id = ${tenantId} ${serviceFilter('i', serviceId)}
         and i.status <> 'cancelled')::text as outstanding,
      (select count(*) from invoices i where i.tenant_id = ${tenantId} ${serviceFilter('i', serviceId)}
         and i.status in ('unpaid', 'partially_paid') and i.due_on < ${today}::date)::int as overdue`,
  );
  return row;
}

/** Invoiced (live invoices by issue month) and collected (payments by month paid) between two days. */
export async function selectMonthlyTotals(executor: Executor, scope: StatisticsScope) {
  const { tenantId, serviceId, timezone, from, to } = scope;
  const invoiced = await selectRows<{ month: string; total: string }>(
    executor,
    sql`select to_char(i.issued_on, 'YYYY-MM') as month, sum(i.total)::text as total
        from invoices i where i.tenant_id = ${tenantId} ${serviceFilter('i', serviceId)}
          and i.status <> 'cancelled' and i.issued_on between ${from}::date and ${to}::date
        group by 1`,
  );
  const collected = await selectRows<{ month: string; total: string }>(
    executor,
    sql`select to_char(${paidOn(timezone)}, 'YYYY-MM') as month, sum(p.amount)::text as total
        from payments p where p.tenant_id = ${tenantId} ${serviceFilter('p', serviceId)}
          and ${paidOn(timezone)} between ${from}::date and ${to}::date
        group by 1`,
  );
  return { invoiced, collected };
}

/** Invoices issued in the window per status, overdue counted apart from unpaid and partially paid. */
export async function selectStatusBreakdown(executor: Executor, scope: StatisticsScope & { hasWindow: boolean }) {
  const { tenantId, serviceId, from, to, today } = scope;
  return selectRows<{ status: string; count: number; total: string }>(
    executor,
    sql`select case when i.status in ('unpaid', 'partially_paid') and i.due_on < ${today}::date then 'overdue' else i.status end as status,
          count(*)::int as count, sum(i.total)::text as total
        from invoices i where i.tenant_id = ${tenantId} ${serviceFilter('i', serviceId)}
          ${scope.hasWindow ? sql`and i.issued_on between ${from}::date and ${to}::date` : sql``}
        group by 1`,
  );
}

/** Payments received in the window per staff member (reversals count against their receiver). */
export async function selectCollectionsByReceiver(executor: Executor, scope: StatisticsScope) {
  const { tenantId, serviceId, timezone, from, to } = scope;
  return selectRows<{ user_id: number; count: number; total: string }>(
    executor,
    sql`select p.received_by as user_id, count(*)::int as count, sum(p.amount)::text as total
        from payments p where p.tenant_id = ${tenantId} ${serviceFilter('p', serviceId)}
          and p.received_by is not null and ${paidOn(timezone)} between ${from}::date and ${to}::date
        group by p.received_by`,
  );
}
