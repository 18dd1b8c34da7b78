import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatMoneyAmount } from '@meterline/contract/money';
import type { ListPaymentsQuery, Payment, PaymentTotals } from '@meterline/contract/payments';
import { paymentListSpec } from '@meterline/contract/payments';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { customers, invoiceExchangeRates, invoices, paymentTenders, payments } from '../../db/schema/index';
import type { ClaimStatement } from '../idempotency/index';
import { toPayment, type InvoiceRateRow, type PaymentLinkOf, type PaymentRow, type PaymentTenderRow } from '../invoices/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import { selectRows } from '../../scope/codes';
import { tenderedJsonOf } from './payment-tenders';
import type { ServiceScope } from '../../scope/service-scope';

const joinedColumns = {
  payment: payments,
  invoiceNumber: invoices.number,
  customerName: customers.fullName,
  publicLinkVersion: customers.publicLinkVersion,
  tender: paymentTenders,
};

const invoiceOfPayment = and(eq(invoices.tenantId, payments.tenantId), eq(invoices.id, payments.invoiceId));
const customerOfPayment = and(eq(customers.tenantId, payments.tenantId), eq(customers.id, payments.customerId));

function selectPayments(executor: Executor) {
  return executor
    .select(joinedColumns)
    .from(payments)
    .innerJoin(invoices, invoiceOfPayment)
    .innerJoin(customers, customerOfPayment)
    .leftJoin(paymentTenders, and(eq(paymentTenders.tenantId, payments.tenantId), eq(paymentTenders.paymentId, payments.id)));
}

const orderingFields = {
  id: payments.id,
  paid_at: payments.paidAt,
  amount: payments.amount,
  method: payments.method,
  customer_name: customers.fullName,
  invoice_number: invoices.number,
} satisfies Record<(typeof paymentListSpec.ordering)[number], unknown>;

/** `paid_at` as a day of the tenant's timezone, for inclusive date filters. */
export function paidOnSql(timezone: string): SQL {
  return sql`(${payments.paidAt} at time zone ${timezone})::date`;
}

export function listPaymentsSource(
  executor: Executor,
  scope: ServiceScope,
  query: ListPaymentsQuery,
  options: {
    decimals: number;
    timezone: string;
    resolveNames: (ids: (number | null)[]) => Promise<Map<number, string>>;
    linkOf: PaymentLinkOf;
  },
): ListSource<Payment, PaymentTotals> {
  const paidOn = paidOnSql(options.timezone);
  const where = and(
    eq(payments.tenantId, scope.tenantId),
    eq(payments.serviceId, scope.serviceId),
    searchCondition(query.search, [invoices.number, customers.fullName, customers.code, payments.reference]),
    query.method ? eq(payments.method, query.method) : undefined,
    query.received_by ? eq(payments.receivedBy, query.received_by) : undefined,
    query.invoice ? eq(payments.invoiceId, query.invoice) : undefined,
    query.customer ? eq(payments.customerId, query.customer) : undefined,
    query.date_from ? sql`${paidOn} >= ${query.date_from}::date` : undefined,
    query.date_to ? sql`${paidOn} <= ${query.date_to}::date` : undefined,
  );
  const orderBy = orderByFor(query.ordering, orderingFields, paymentListSpec.defaultOrdering, payments.id);
  return {
    // The count joins invoices and customers only when the search needs their texts.
    countQuery: () =>
      query.search?.trim()
        ? executor
            .select({ id: payments.id })
            .from(payments)
            .innerJoin(invoices, invoiceOfPayment)
            .innerJoin(customers, customerOfPayment)
            .where(where)
            .$dynamic()
        : executor.select({ id: payments.id }).from(payments).where(where).$dynamic(),
    fetchPage: async (limit, offset) => {
      // Cut the page on payments (an index walk; invoices and customers joined in the cut only to
      // search or order by their texts), then join the names of that page alone.
      const needsJoins = Boolean(query.search?.trim()) || /\b(customer_name|invoice_number)\b/.test(query.ordering ?? '');
      const ids = executor.select({ id: payments.id }).from(payments).$dynamic();
      const cut = needsJoins ? ids.innerJoin(invoices, invoiceOfPayment).innerJoin(customers, customerOfPayment) : ids;
      const page = cut
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset)
        .as('page');
      const rows = await selectPayments(executor)
        .innerJoin(page, eq(page.id, payments.id))
        .where(eq(payments.tenantId, scope.tenantId))
        .orderBy(...orderBy);
      const names = await options.resolveNames(rows.map((row) => row.payment.receivedBy));
      return rows.map((row) => toPayment(row, names, options.decimals, options.linkOf));
    },
    // One aggregate over the same filters: reversals are negative rows, so they take back.
    totals: async () => {
      const sums = executor
        .select({ amount: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
        .from(payments)
        .$dynamic();
      const row = first(
        await (query.search?.trim() ? sums.innerJoin(invoices, invoiceOfPayment).innerJoin(customers, customerOfPayment) : sums).where(
          where,
        ),
        'the row of the totals',
      );
      return { amount: formatMoneyAmount(BigInt(row.amount), options.decimals) };
    },
  };
}

export async function insertPayment(executor: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  return first(await executor.insert(payments).values(values).returning(), 'a row inserted into payments');
}

/** What a mark-paid's checks need, read by `lockInvoiceForPayment` in one statement. */
export interface PaymentGround {
  /** False when the Idempotency-Key's claim found the key another request's. */
  claimed: boolean;
  invoice: typeof invoices.$inferSelect;
  /** The rate the invoice stored (a payment in two currencies is settled at it). */
  rate: InvoiceRateRow | null;
  customerName: string;
  /** The customer's bill link version (the answer's `public_url`). */
  publicLinkVersion: number;
  /** The payment's id, taken now so that its answer and audit row are made before the one write. */
  paymentId: number;
  /** Its `payment_tenders` row's id, when `amounts` were given. */
  tenderId: number | null;
  /** The payment a reversal names, when it is this invoice's: its amount and what earlier reversals took back of it. */
  reversed: { amount: bigint; taken: bigint } | null;
}

/**
 * The invoice locked (`for update`: concurrent payments of it queue here, and each reads the amount
 * the previous one left), with its rate, its customer's name, the ids the payment's rows will take
 * and, for a reversal, the payment it reverses: one statement (docs/performance.md).
 */
export async function lockInvoiceForPayment(
  tx: Executor,
  scope: ServiceScope,
  invoiceId: number,
  options: { withTender: boolean; reverses: number | null; claim: ClaimStatement | null },
): Promise<PaymentGround | null> {
  const reversed = alias(payments, 'reversed');
  // The Idempotency-Key's claim, when the payment makes it (IdempotencyTicket.claim): a CTE of this statement.
  const claim = options.claim ? tx.$with('claim', { key: sql<string>`key` }).as(options.claim) : null;
  const [row] = await (claim ? tx.with(claim) : tx)
    .select({
      claimed: claim ? sql<boolean>`exists (select 1 from ${claim})` : sql<boolean>`true`,
      invoice: invoices,
      rate: invoiceExchangeRates,
      customerName: customers.fullName,
      publicLinkVersion: customers.publicLinkVersion,
      paymentId: sql<string>`nextval(pg_get_serial_sequence('payments', 'id'))::text`,
      tenderId: options.withTender ? sql<string | null>`nextval(pg_get_serial_sequence('payment_tenders', 'id'))::text` : sql<null>`null`,
      reversedAmount: reversed.amount,
      reversalsTaken: sql<string>`(select coalesce(-sum(taken.amount), 0)::text from ${payments} taken where taken.tenant_id = ${scope.tenantId} and taken.reverses_id = ${reversed.id})`,
    })
    .from(invoices)
    .innerJoin(customers, and(eq(customers.tenantId, invoices.tenantId), eq(customers.id, invoices.customerId)))
    .leftJoin(
      invoiceExchangeRates,
      and(eq(invoiceExchangeRates.tenantId, invoices.tenantId), eq(invoiceExchangeRates.invoiceId, invoices.id)),
    )
    .leftJoin(
      reversed,
      and(eq(reversed.tenantId, invoices.tenantId), eq(reversed.invoiceId, invoices.id), eq(reversed.id, options.reverses ?? 0)),
    )
    .where(and(eq(invoices.tenantId, scope.tenantId), eq(invoices.serviceId, scope.serviceId), eq(invoices.id, invoiceId)))
    .for('update', { of: invoices });
  if (!row) return null;
  return {
    claimed: row.claimed,
    invoice: row.invoice,
    rate: row.rate,
    customerName: row.customerName,
    publicLinkVersion: row.publicLinkVersion,
    paymentId: Number(row.paymentId),
    tenderId: row.tenderId === null ? null : Number(row.tenderId),
    reversed: row.reversedAmount === null ? null : { amount: row.reversedAmount, taken: BigInt(row.reversalsTaken) },
  };
}

/** A payment row as a database function's JSON takes it: by its columns' names, bigints and times as text. */
export function paymentJsonOf(payment: PaymentRow) {
  return {
    id: payment.id,
    tenant_id: payment.tenantId,
    service_id: payment.serviceId,
    invoice_id: payment.invoiceId,
    customer_id: payment.customerId,
    amount: payment.amount.toString(),
    method: payment.method,
    reference: payment.reference,
    paid_at: payment.paidAt.toISOString(),
    received_by: payment.receivedBy,
    note: payment.note,
    reason: payment.reason,
    reverses_id: payment.reversesId,
    held_by: payment.heldBy,
    account_payment_id: payment.accountPaymentId,
  };
}

/**
 * A mark-paid's one write (migration 0029, `meterline_record_payment`): the payment and what was
 * tendered, the invoice's amount paid and status, the customer's balance, the audit row, the
 * Idempotency-Key's answer and, last, the receipt number. Every value was settled before; the rows go
 * as JSON by their columns' names. Returns the receipt number (null for a reversal: none).
 */
export async function recordPayment(
  tx: Executor,
  values: {
    payment: PaymentRow;
    tender: PaymentTenderRow | null;
    invoice: { amountPaid: bigint; status: string };
    audit: Record<string, unknown>;
    idempotencyKey: string | null;
    answer: unknown;
    receiptIssuedAt: Date | null;
  },
): Promise<number | null> {
  const { payment, tender } = values;
  const paymentColumns = paymentJsonOf(payment);
  const tenderColumns = tender && { id: tender.id, tenant_id: tender.tenantId, payment_id: tender.paymentId, ...tenderedJsonOf(tender) };
  const row = first(
    await selectRows<{ receipt: string | null }>(
      tx,
      sql`select meterline_record_payment(
        ${JSON.stringify(paymentColumns)}::jsonb,
        ${tenderColumns ? JSON.stringify(tenderColumns) : null}::jsonb,
        ${values.invoice.amountPaid.toString()}::bigint,
        ${values.invoice.status}::text,
        ${JSON.stringify(values.audit)}::jsonb,
        ${values.idempotencyKey}::text,
        ${JSON.stringify(values.answer)}::jsonb,
        ${values.receiptIssuedAt ? values.receiptIssuedAt.toISOString() : null}::timestamptz
      )::text as receipt`,
    ),
    'the answer of meterline_record_payment',
  );
  return row.receipt === null ? null : Number(row.receipt);
}
