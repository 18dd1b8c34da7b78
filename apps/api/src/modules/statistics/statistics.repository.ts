import { sql, type SQL } from 'drizzle-orm';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { selectRows } from '../../scope/codes';

/** What every figure is computed over: one tenant, optionally one service, a window of days. */
export interface StatisticsScope {
  tenantId: number;
  serviceId?: number;
  /** The tenant's timezone (the payment rollups count days in it, see migration 0006). */
  timezone: string;
  /** Inclusive days (YYYY-MM-DD) in the tenant's timezone. */
  from: string;
  to: string;
  today: string;
}

const serviceFilter = (alias: string, serviceId: number | undefined): SQL =>
  serviceId ? sql`and ${sql.raw(alias)}.service_id = ${serviceId}` : sql``;

/*
 * Every figure reads the rollups the triggers of migration 0006 keep in the transaction of each
 * invoice and payment write (invoice_rollups per issue day, due day and status; payment_rollups per
 * day paid in the tenant's timezone and receiver): a few hundred rows a year instead of every row.
 * The numbers of customers and of open subscriptions come from customer_counts and
 * subscription_counts (migrations 0020 and 0021, kept by the writes): a few dozen rows instead of an
 * index walk over every customer and meter of the tenant.
 */

export async function selectKpis(executor: Executor, scope: StatisticsScope) {
  const { tenantId, serviceId, from, to, today } = scope;
  const rows = await selectRows<{
    customers: number;
    active_subscriptions: number;
    invoiced: string;
    collected: string;
    outstanding: string;
    overdue: number;
  }>(
    executor,
    sql`select
      (select coalesce(sum(k.customers), 0) from customer_counts k where k.tenant_id = ${tenantId} ${serviceFilter('k', serviceId)})::int as customers,
      (select coalesce(sum(o.subscriptions), 0) from subscription_counts o where o.tenant_id = ${tenantId} ${serviceFilter('o', serviceId)})::int as active_subscriptions,
      (select coalesce(sum(r.total), 0) from invoice_rollups r where r.tenant_id = ${tenantId} ${serviceFilter('r', serviceId)}
         and r.status <> 'cancelled' and r.issued_on between ${from}::date and ${to}::date)::text as invoiced,
      (select coalesce(sum(p.amount), 0) from payment_rollups p where p.tenant_id = ${tenantId} ${serviceFilter('p', serviceId)}
         and p.paid_on between ${from}::date and ${to}::date)::text as collected,
      (select coalesce(sum(r.total - r.amount_paid), 0) from invoice_rollups r where r.tenant_id = ${tenantId} ${serviceFilter('r', serviceId)}
         and r.status <> 'cancelled')::text as outstanding,
      (select coalesce(sum(r.invoices), 0) from invoice_rollups r where r.tenant_id = ${tenantId} ${serviceFilter('r', serviceId)}
         and r.status in ('unpaid', 'partially_paid') and r.due_on < ${today}::date)::int as overdue`,
  );
  return first(rows, 'the row of the figures');
}

/**
 * Invoiced (live invoices by issue month) and collected (payments by month paid) between two days,
 * in one statement (one round trip per call).
 */
export async function selectMonthlyTotals(executor: Executor, scope: StatisticsScope) {
  const { tenantId, serviceId, from, to } = scope;
  const rows = await selectRows<{ kind: 'invoiced' | 'collected'; month: string; total: string }>(
    executor,
    sql`select 'invoiced' as kind, to_char(r.issued_on, 'YYYY-MM') as month, sum(r.total)::text as total
        from invoice_rollups r where r.tenant_id = ${tenantId} ${serviceFilter('r', serviceId)}
          and r.status <> 'cancelled' and r.issued_on between ${from}::date and ${to}::date
        group by 2
        union all
        select 'collected' as kind, to_char(p.paid_on, 'YYYY-MM') as month, sum(p.amount)::text as total
        from payment_rollups p where p.tenant_id = ${tenantId} ${serviceFilter('p', serviceId)}
          and p.paid_on between ${from}::date and ${to}::date
        group by 2`,
  );
  const of = (kind: 'invoiced' | 'collected') => rows.filter((row) => row.kind === kind).map(({ month, total }) => ({ month, total }));
  return { invoiced: of('invoiced'), collected: of('collected') };
}

/** Invoices issued in the window per status, overdue counted apart from unpaid and partially paid. */
export async function selectStatusBreakdown(executor: Executor, scope: StatisticsScope & { hasWindow: boolean }) {
  const { tenantId, serviceId, from, to, today } = scope;
  return selectRows<{ status: string; count: number; total: string }>(
    executor,
    sql`select case when r.status in ('unpaid', 'partially_paid') and r.due_on < ${today}::date then 'overdue' else r.status end as status,
          sum(r.invoices)::int as count, sum(r.total)::text as total
        from invoice_rollups r where r.tenant_id = ${tenantId} ${serviceFilter('r', serviceId)}
          ${scope.hasWindow ? sql`and r.issued_on between ${from}::date and ${to}::date` : sql``}
        group by 1`,
  );
}

/** Payments received in the window per staff member (reversals count against their receiver). */
export async function selectCollectionsByReceiver(executor: Executor, scope: StatisticsScope) {
  const { tenantId, serviceId, from, to } = scope;
  return selectRows<{ user_id: number; count: number; total: string }>(
    executor,
    sql`select p.received_by as user_id, sum(p.payments)::int as count, sum(p.amount)::text as total
        from payment_rollups p where p.tenant_id = ${tenantId} ${serviceFilter('p', serviceId)}
          and p.received_by <> 0 and p.paid_on between ${from}::date and ${to}::date
        group by p.received_by having sum(p.payments) > 0`,
  );
}
