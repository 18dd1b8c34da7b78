import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import {
  cashHandoverCurrencies,
  cashHandoverPayments,
  cashHandovers,
  customers,
  invoices,
  paymentReceipts,
  paymentTenders,
  payments,
} from '../../db/schema/index';
import { selectRows } from '../../scope/codes';
import type { ServiceScope } from '../../scope/service-scope';

/*
 * Collectors' cash (docs/collectors.md). A payment a collector took carries `held_by`; a handover links it in
 * cash_handover_payments (one link at most, by a unique key). Held = taken and not linked. Nothing
 * here updates a row: every table is append-only.
 */

export interface CashSummaryRow {
  collector: number;
  collected: bigint;
  handedOver: bigint;
  held: bigint;
  oldestHeldAt: Date | null;
}

const asDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

/** One row per collector who ever took cash in the service (or just `collector`). */
export async function selectCashSummary(
  executor: Executor,
  scope: ServiceScope,
  options: { collector?: number },
): Promise<CashSummaryRow[]> {
  const { tenantId, serviceId } = scope;
  const only = options.collector ? sql`and p.held_by = ${options.collector}` : sql``;
  const rows = await selectRows<{
    collector: number;
    collected: string;
    handed_over: string;
    held: string;
    oldest_held_at: unknown;
  }>(
    executor,
    sql`select p.held_by as collector,
          sum(p.amount)::text as collected,
          coalesce(sum(p.amount) filter (where h.payment_id is not null), 0)::text as handed_over,
          coalesce(sum(p.amount) filter (where h.payment_id is null), 0)::text as held,
          min(p.paid_at) filter (where h.payment_id is null) as oldest_held_at
        from payments p
        left join cash_handover_payments h on h.tenant_id = p.tenant_id and h.payment_id = p.id
        where p.tenant_id = ${tenantId} and p.service_id = ${serviceId} and p.held_by is not null ${only}
        group by p.held_by
        order by p.held_by`,
  );
  return rows.map((row) => ({
    collector: Number(row.collector),
    collected: BigInt(row.collected),
    handedOver: BigInt(row.handed_over),
    held: BigInt(row.held),
    oldestHeldAt: asDate(row.oldest_held_at),
  }));
}

/** The payments of one collector, oldest first, with their handover and receipt number. */
export async function selectCollectorPayments(
  executor: Executor,
  scope: ServiceScope,
  collector: number,
  state: 'held' | 'handed_over' | undefined,
) {
  const stateFilter: SQL | undefined =
    state === 'held'
      ? isNull(cashHandoverPayments.paymentId)
      : state === 'handed_over'
        ? isNotNull(cashHandoverPayments.paymentId)
        : undefined;
  return executor
    .select({
      payment: payments,
      invoiceNumber: invoices.number,
      customerName: customers.fullName,
      handover: cashHandoverPayments.handoverId,
      receiptNumber: paymentReceipts.number,
      tender: paymentTenders,
    })
    .from(payments)
    .innerJoin(invoices, and(eq(invoices.tenantId, payments.tenantId), eq(invoices.id, payments.invoiceId)))
    .innerJoin(customers, and(eq(customers.tenantId, payments.tenantId), eq(customers.id, payments.customerId)))
    .leftJoin(
      cashHandoverPayments,
      and(eq(cashHandoverPayments.tenantId, payments.tenantId), eq(cashHandoverPayments.paymentId, payments.id)),
    )
    .leftJoin(paymentReceipts, and(eq(paymentReceipts.tenantId, payments.tenantId), eq(paymentReceipts.paymentId, payments.id)))
    .leftJoin(paymentTenders, and(eq(paymentTenders.tenantId, payments.tenantId), eq(paymentTenders.paymentId, payments.id)))
    .where(and(eq(payments.tenantId, scope.tenantId), eq(payments.serviceId, scope.serviceId), eq(payments.heldBy, collector), stateFilter))
    .orderBy(asc(payments.paidAt), asc(payments.id));
}

/**
 * The listed payments of the service under a row lock, with their handover link if any: two
 * counts naming one payment queue here, and the second sees the first's link.
 */
export async function lockPaymentsForHandover(tx: Executor, scope: ServiceScope, ids: number[]) {
  const rows = await tx
    .select({ id: payments.id, amount: payments.amount, heldBy: payments.heldBy })
    .from(payments)
    .where(and(eq(payments.tenantId, scope.tenantId), eq(payments.serviceId, scope.serviceId), inArray(payments.id, ids)))
    .orderBy(asc(payments.id))
    .for('update');
  const linked = await tx
    .select({ paymentId: cashHandoverPayments.paymentId })
    .from(cashHandoverPayments)
    .where(and(eq(cashHandoverPayments.tenantId, scope.tenantId), inArray(cashHandoverPayments.paymentId, ids)));
  const handedOver = new Set(linked.map((row) => row.paymentId));
  return rows.map((row) => ({ ...row, handedOver: handedOver.has(row.id) }));
}

export type HandoverRow = typeof cashHandovers.$inferSelect;
export type HandoverCurrencyRow = typeof cashHandoverCurrencies.$inferSelect;

/** A collector's payment with its tender (null: taken with `amount`) and whether a count took it. */
export interface CollectorCashRow {
  id: number;
  heldBy: number;
  amount: bigint;
  handedOver: boolean;
  tender: typeof paymentTenders.$inferSelect | null;
  /** `YYYY-MM-DD` or `YYYY-MM` of `paid_at` in the tenant's time zone, with `window`; else ''. */
  period: string;
}

/**
 * The positive payments collectors took in the service (or one collector's, or the listed ones),
 * with their tenders: what the cash per currency is computed from (`cashOfPayment`). `held` keeps
 * those no count took; `window` those paid in a range of days.
 */
export async function selectCollectorCash(
  executor: Executor,
  scope: ServiceScope,
  filters: {
    collector?: number;
    held?: boolean;
    ids?: number[];
    window?: { from: string; to: string; timezone: string; period: 'day' | 'month' };
  },
): Promise<CollectorCashRow[]> {
  const { window } = filters;
  const day = window ? sql`(${payments.paidAt} at time zone ${window.timezone})::date` : undefined;
  const rows = await executor
    .select({
      id: payments.id,
      heldBy: payments.heldBy,
      amount: payments.amount,
      linked: cashHandoverPayments.paymentId,
      tender: paymentTenders,
      period: window ? sql<string>`to_char(${day}, ${window.period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'})` : sql<string>`''`,
    })
    .from(payments)
    .leftJoin(paymentTenders, and(eq(paymentTenders.tenantId, payments.tenantId), eq(paymentTenders.paymentId, payments.id)))
    .leftJoin(
      cashHandoverPayments,
      and(eq(cashHandoverPayments.tenantId, payments.tenantId), eq(cashHandoverPayments.paymentId, payments.id)),
    )
    .where(
      and(
        eq(payments.tenantId, scope.tenantId),
        eq(payments.serviceId, scope.serviceId),
        isNotNull(payments.heldBy),
        sql`${payments.amount} > 0`,
        filters.collector ? eq(payments.heldBy, filters.collector) : undefined,
        filters.held ? isNull(cashHandoverPayments.paymentId) : undefined,
        filters.ids ? inArray(payments.id, filters.ids) : undefined,
        window ? sql`${day} between ${window.from}::date and ${window.to}::date` : undefined,
      ),
    )
    .orderBy(asc(payments.id));
  return rows.map((row) => ({
    id: row.id,
    heldBy: row.heldBy ?? 0,
    amount: row.amount,
    handedOver: row.linked !== null,
    tender: row.tender,
    period: row.period,
  }));
}

export async function insertHandoverCurrencies(
  tx: Executor,
  values: (typeof cashHandoverCurrencies.$inferInsert)[],
): Promise<HandoverCurrencyRow[]> {
  if (!values.length) return [];
  return tx.insert(cashHandoverCurrencies).values(values).returning();
}

/** The per-currency rows of these handovers (none for a count made before migration 0027). */
export async function selectHandoverCurrencies(
  executor: Executor,
  tenantId: number,
  handoverIds: number[],
): Promise<HandoverCurrencyRow[]> {
  if (!handoverIds.length) return [];
  return executor
    .select()
    .from(cashHandoverCurrencies)
    .where(and(eq(cashHandoverCurrencies.tenantId, tenantId), inArray(cashHandoverCurrencies.handoverId, handoverIds)))
    .orderBy(asc(cashHandoverCurrencies.id));
}

export async function insertHandover(tx: Executor, values: typeof cashHandovers.$inferInsert, paymentIds: number[]): Promise<HandoverRow> {
  const row = first(await tx.insert(cashHandovers).values(values).returning(), 'a row inserted into cashHandovers');
  await tx
    .insert(cashHandoverPayments)
    .values(paymentIds.map((paymentId) => ({ tenantId: values.tenantId, handoverId: row.id, paymentId })));
  return row;
}

/** Handovers of the service, newest first, with the ids of their payments. */
export async function selectHandovers(
  executor: Executor,
  scope: ServiceScope,
  filters: { collector?: number; kind?: string; dateFrom?: string; dateTo?: string; timezone: string },
): Promise<{ row: HandoverRow; payments: number[] }[]> {
  const day = sql`(${cashHandovers.createdAt} at time zone ${filters.timezone})::date`;
  const rows = await executor
    .select()
    .from(cashHandovers)
    .where(
      and(
        eq(cashHandovers.tenantId, scope.tenantId),
        eq(cashHandovers.serviceId, scope.serviceId),
        filters.collector ? eq(cashHandovers.collectorId, filters.collector) : undefined,
        filters.kind ? eq(cashHandovers.kind, filters.kind) : undefined,
        filters.dateFrom ? sql`${day} >= ${filters.dateFrom}::date` : undefined,
        filters.dateTo ? sql`${day} <= ${filters.dateTo}::date` : undefined,
      ),
    )
    .orderBy(desc(cashHandovers.createdAt), desc(cashHandovers.id))
    .limit(500);
  if (!rows.length) return [];
  const links = await executor
    .select({ handoverId: cashHandoverPayments.handoverId, paymentId: cashHandoverPayments.paymentId })
    .from(cashHandoverPayments)
    .where(
      and(
        eq(cashHandoverPayments.tenantId, scope.tenantId),
        inArray(
          cashHandoverPayments.handoverId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(cashHandoverPayments.paymentId));
  return rows.map((row) => ({ row, payments: links.filter((link) => link.handoverId === row.id).map((link) => link.paymentId) }));
}

export interface PerformanceDbRow {
  collector: number;
  period: string;
  metersRead: number;
  invoicesCollected: number;
  amountCollected: bigint;
  cashHeld: bigint;
}

/**
 * Per staff member and day (or month) of the tenant's timezone: readings they took in the
 * service, invoices they collected on, cash they took and what of it they still hold.
 */
export async function selectPerformance(
  executor: Executor,
  scope: ServiceScope,
  options: { period: 'day' | 'month'; from: string; to: string; timezone: string; collector?: number },
): Promise<PerformanceDbRow[]> {
  const { tenantId, serviceId } = scope;
  const format = options.period === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const readingsBy = options.collector ? sql`and r.taken_by = ${options.collector}` : sql``;
  const paymentsBy = options.collector ? sql`and p.held_by = ${options.collector}` : sql``;
  const rows = await selectRows<{
    collector: number;
    period: string;
    meters_read: number;
    invoices_collected: number;
    amount_collected: string;
    cash_held: string;
  }>(
    executor,
    sql`with readings as (
          select r.taken_by as collector, to_char((r.taken_at at time zone ${options.timezone})::date, ${format}) as period, count(*)::int as meters_read
          from meter_readings r join subscriptions s on s.tenant_id = r.tenant_id and s.id = r.subscription_id
          where r.tenant_id = ${tenantId} and s.service_id = ${serviceId} and r.kind = 'reading' and r.taken_by is not null ${readingsBy}
            and (r.taken_at at time zone ${options.timezone})::date between ${options.from}::date and ${options.to}::date
          group by 1, 2
        ), collected as (
          select p.held_by as collector, to_char((p.paid_at at time zone ${options.timezone})::date, ${format}) as period,
            count(distinct p.invoice_id)::int as invoices_collected, sum(p.amount) as amount_collected,
            coalesce(sum(p.amount) filter (where h.payment_id is null), 0) as cash_held
          from payments p left join cash_handover_payments h on h.tenant_id = p.tenant_id and h.payment_id = p.id
          where p.tenant_id = ${tenantId} and p.service_id = ${serviceId} and p.held_by is not null ${paymentsBy}
            and (p.paid_at at time zone ${options.timezone})::date between ${options.from}::date and ${options.to}::date
          group by 1, 2
        )
        select coalesce(r.collector, c.collector) as collector, coalesce(r.period, c.period) as period,
          coalesce(r.meters_read, 0)::int as meters_read, coalesce(c.invoices_collected, 0)::int as invoices_collected,
          coalesce(c.amount_collected, 0)::text as amount_collected, coalesce(c.cash_held, 0)::text as cash_held
        from readings r full join collected c on c.collector = r.collector and c.period = r.period
        order by 2 desc, 1`,
  );
  return rows.map((row) => ({
    collector: Number(row.collector),
    period: row.period,
    metersRead: Number(row.meters_read),
    invoicesCollected: Number(row.invoices_collected),
    amountCollected: BigInt(row.amount_collected),
    cashHeld: BigInt(row.cash_held),
  }));
}

/** A payment of the service with everything its receipt and verification page show. */
export async function findPaymentForReceipt(executor: Executor, scope: ServiceScope, paymentId: number) {
  const [row] = await executor
    .select({
      payment: payments,
      invoiceNumber: invoices.number,
      invoiceTotal: invoices.total,
      customerName: customers.fullName,
      customerCode: customers.code,
      customerLinkVersion: customers.publicLinkVersion,
      receiptNumber: paymentReceipts.number,
      handover: cashHandoverPayments.handoverId,
    })
    .from(payments)
    .innerJoin(invoices, and(eq(invoices.tenantId, payments.tenantId), eq(invoices.id, payments.invoiceId)))
    .innerJoin(customers, and(eq(customers.tenantId, payments.tenantId), eq(customers.id, payments.customerId)))
    .leftJoin(paymentReceipts, and(eq(paymentReceipts.tenantId, payments.tenantId), eq(paymentReceipts.paymentId, payments.id)))
    .leftJoin(
      cashHandoverPayments,
      and(eq(cashHandoverPayments.tenantId, payments.tenantId), eq(cashHandoverPayments.paymentId, payments.id)),
    )
    .where(and(eq(payments.tenantId, scope.tenantId), eq(payments.serviceId, scope.serviceId), eq(payments.id, paymentId)));
  return row ?? null;
}

/**
 * Balances as they stood right after the payment (a reprint shows the same figures): the
 * invoice's, and the customer's over invoices issued by the payment's day, counting payments up
 * to this one.
 */
export async function selectBalancesAfter(
  executor: Executor,
  tenantId: number,
  payment: { id: number; invoiceId: number; customerId: number; paidAt: Date },
  timezone: string,
) {
  const row = first(
    await selectRows<{ invoice_balance: string; customer_balance: string; reversed: string }>(
      executor,
      sql`select
          (select i.total - coalesce((select sum(p.amount) from payments p where p.tenant_id = i.tenant_id and p.invoice_id = i.id and p.id <= ${payment.id}), 0)
             from invoices i where i.tenant_id = ${tenantId} and i.id = ${payment.invoiceId})::text as invoice_balance,
          (select coalesce(sum(i.total - coalesce((select sum(p.amount) from payments p where p.tenant_id = i.tenant_id and p.invoice_id = i.id and p.id <= ${payment.id}), 0)), 0)
             from invoices i where i.tenant_id = ${tenantId} and i.customer_id = ${payment.customerId} and i.status <> 'cancelled'
               and i.issued_on <= (${payment.paidAt.toISOString()}::timestamptz at time zone ${timezone})::date)::text as customer_balance,
          (select coalesce(-sum(p.amount), 0) from payments p where p.tenant_id = ${tenantId} and p.reverses_id = ${payment.id})::text as reversed`,
    ),
    'the row of the balances',
  );
  return { invoiceBalance: BigInt(row.invoice_balance), customerBalance: BigInt(row.customer_balance), reversed: BigInt(row.reversed) };
}
