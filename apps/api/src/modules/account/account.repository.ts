import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { first } from '@meterline/contract/invariant';
import type { CurrencyTerms, PaymentSettlement, TenderPart } from '@meterline/contract/currency-payments';
import type { Executor } from '../../db/client';
import {
  accountPayments,
  type accountPaymentTenders,
  creditMovements,
  creditNotes,
  customers,
  exchangeRates,
  invoices,
  lateFees,
  type CreditMovementKind,
} from '../../db/schema/index';
import type { ServiceScope } from '../../scope/service-scope';
import { selectRows } from '../../scope/codes';
import type { ClaimStatement } from '../idempotency/index';
import type { PaymentRow } from '../invoices/index';
import { paymentJsonOf, tenderedColumnsOf, tenderedJsonOf } from '../payments/index';

export type AccountPaymentRow = typeof accountPayments.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** Payments rows that only move money inside the account: credit applied to an invoice, a credit note's part. */
export const CREDIT_APPLIED_METHOD = 'credit';
export const CREDIT_NOTE_METHOD = 'credit_note';

/** An open invoice of the account as the payment reads it (`lockAccountForPayment`). */
export interface OpenInvoiceRow {
  id: number;
  number: string;
  issuedOn: string;
  dueOn: string;
  total: bigint;
  amountPaid: bigint;
}

/** What an account payment's checks need, read by `lockAccountForPayment` in one statement. */
export interface AccountPaymentGround {
  /** False when the Idempotency-Key's claim found the key another request's. */
  claimed: boolean;
  customer: { balance: bigint; credit: bigint };
  /** The customer's unpaid and partly paid invoices of the service, by id. */
  open: OpenInvoiceRow[];
  /** The second currency's rate for the month the money came in (else the latest before it), when `amounts` need it. */
  rate: { rate: string; baseCurrency: string } | null;
  /** Ids taken now for the rows the write inserts, so that its answer and audit rows are made before it. */
  accountPaymentId: number;
  tenderId: number | null;
  /** Enough payments ids for the allocations (ascending): one per invoice the payment may reach. */
  paymentIds: number[];
}

interface GroundRow {
  claimed: boolean;
  balance: string;
  credit: string;
  open: { id: number; number: string; issuedOn: string; dueOn: string; total: string; amountPaid: string; paymentId: string | null }[];
  rate: { rate: string; baseCurrency: string } | null;
  accountPaymentId: string;
  tenderId: string | null;
}

/**
 * The customer locked with its open invoices: the invoices first (by id, the order every account
 * writer locks in: the CTE is the subquery's InitPlan, run before the customer's row is locked),
 * then the customer; with the month's rate when `amounts` need it, the ids the rows will take and
 * the Idempotency-Key's claim (a CTE, IdempotencyTicket.claim). One statement (docs/performance.md).
 *
 * Payments ids are taken for the invoices the payment may reach: the `allocations` named, else those
 * issued by the day the money came in, oldest first (as `allocatePayment` orders them) while what
 * the older ones owe is under `upTo` (the `amount`; null: all of them, `amounts` settle later).
 */
export async function lockAccountForPayment(
  tx: Executor,
  scope: ServiceScope,
  customerId: number,
  options: {
    paidOn: string;
    reach: { invoices: number[] } | { upTo: bigint | null };
    rateOf: { currency: string; month: string } | null;
    withTender: boolean;
    claim: ClaimStatement | null;
  },
): Promise<AccountPaymentGround | null> {
  const { paidOn, reach, rateOf } = options;
  const reached =
    'invoices' in reach
      ? sql`o.id = any(${`{${reach.invoices.join(',')}}`}::int[])`
      : sql`o.issued_on <= ${paidOn}::date and (${reach.upTo === null ? null : reach.upTo.toString()}::bigint is null or o.owed_before < ${reach.upTo === null ? null : reach.upTo.toString()}::bigint)`;
  const rate = rateOf
    ? sql`(select json_build_object('rate', r.rate::text, 'baseCurrency', r.base_currency) from ${exchangeRates} r
        where r.tenant_id = ${scope.tenantId} and (r.currency = ${rateOf.currency} or r.base_currency = ${rateOf.currency})
        and r.month <= ${rateOf.month}::date order by r.month desc limit 1)`
    : sql`null::json`;
  const rows = await selectRows<GroundRow>(
    tx,
    sql`with ${options.claim ? sql`claim as (${options.claim}),` : sql``}
      locked as (
        select id, number, issued_on, due_on, total, amount_paid from ${invoices}
        where tenant_id = ${scope.tenantId} and service_id = ${scope.serviceId} and customer_id = ${customerId}
          and status in ('unpaid', 'partially_paid')
        order by id for update
      ),
      ordered as (
        select l.*, coalesce(sum(case when l.issued_on <= ${paidOn}::date then greatest(l.total - l.amount_paid, 0) else 0 end)
          over (order by l.due_on, l.issued_on, l.id rows between unbounded preceding and 1 preceding), 0) as owed_before
        from locked l
      ),
      open as (
        select o.*, case when ${reached} then nextval(pg_get_serial_sequence('payments', 'id')) end as payment_id
        from ordered o order by o.due_on, o.issued_on, o.id
      )
      select ${options.claim ? sql`exists (select 1 from claim)` : sql`true`} as "claimed",
        c.balance::text as "balance", c.credit::text as "credit",
        (select coalesce(json_agg(json_build_object('id', o.id, 'number', o.number, 'issuedOn', o.issued_on::text, 'dueOn', o.due_on::text,
          'total', o.total::text, 'amountPaid', o.amount_paid::text, 'paymentId', o.payment_id::text) order by o.id), '[]'::json) from open o) as "open",
        ${rate} as "rate",
        nextval(pg_get_serial_sequence('account_payments', 'id'))::text as "accountPaymentId",
        ${options.withTender ? sql`nextval(pg_get_serial_sequence('account_payment_tenders', 'id'))::text` : sql`null::text`} as "tenderId"
      from ${customers} c
      where c.tenant_id = ${scope.tenantId} and c.service_id = ${scope.serviceId} and c.id = ${customerId}
      for update of c`,
  );
  const [row] = rows;
  if (!row) return null;
  return {
    claimed: row.claimed,
    customer: { balance: BigInt(row.balance), credit: BigInt(row.credit) },
    open: row.open.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      issuedOn: invoice.issuedOn,
      dueOn: invoice.dueOn,
      total: BigInt(invoice.total),
      amountPaid: BigInt(invoice.amountPaid),
    })),
    rate: row.rate,
    accountPaymentId: Number(row.accountPaymentId),
    tenderId: row.tenderId === null ? null : Number(row.tenderId),
    paymentIds: row.open.flatMap((invoice) => (invoice.paymentId === null ? [] : [Number(invoice.paymentId)])).sort((a, b) => a - b),
  };
}

/** What was tendered for the account payment (docs/accounts.md): its `account_payment_tenders` row. */
export function accountTenderRowOf(values: {
  id: number;
  tenantId: number;
  accountPaymentId: number;
  parts: TenderPart[];
  settled: PaymentSettlement;
  terms: CurrencyTerms;
}): typeof accountPaymentTenders.$inferSelect {
  return { id: values.id, tenantId: values.tenantId, accountPaymentId: values.accountPaymentId, ...tenderedColumnsOf(values) };
}

/**
 * An account payment's one write (migration 0031, `meterline_record_account_payment`): the account
 * payment and what was tendered, each allocation's payment with its invoice's amount paid and status,
 * the customer's balance and credit with the credit movement, the audit rows and the
 * Idempotency-Key's answer. Every value was settled before; the rows go as JSON by their columns' names.
 */
export async function recordAccountPayment(
  tx: Executor,
  values: {
    accountPayment: AccountPaymentRow;
    tender: typeof accountPaymentTenders.$inferSelect | null;
    payments: PaymentRow[];
    invoices: { id: number; amountPaid: bigint; status: string }[];
    creditMovement: { createdAt: Date; createdBy: number | null } | null;
    audits: Record<string, unknown>[];
    idempotencyKey: string | null;
    answer: unknown;
  },
): Promise<void> {
  const { accountPayment, tender } = values;
  const accountPaymentColumns = {
    id: accountPayment.id,
    tenant_id: accountPayment.tenantId,
    service_id: accountPayment.serviceId,
    customer_id: accountPayment.customerId,
    amount: accountPayment.amount.toString(),
    credit: accountPayment.credit.toString(),
    method: accountPayment.method,
    reference: accountPayment.reference,
    paid_at: accountPayment.paidAt.toISOString(),
    received_by: accountPayment.receivedBy,
    note: accountPayment.note,
  };
  const tenderColumns = tender && {
    id: tender.id,
    tenant_id: tender.tenantId,
    account_payment_id: tender.accountPaymentId,
    ...tenderedJsonOf(tender),
  };
  const paymentColumns = values.payments.map(paymentJsonOf);
  const invoiceColumns = values.invoices.map((invoice) => ({
    id: invoice.id,
    amount_paid: invoice.amountPaid.toString(),
    status: invoice.status,
  }));
  const movement = values.creditMovement && {
    tenant_id: accountPayment.tenantId,
    service_id: accountPayment.serviceId,
    customer_id: accountPayment.customerId,
    kind: 'payment' satisfies CreditMovementKind,
    amount: accountPayment.credit.toString(),
    account_payment_id: accountPayment.id,
    created_at: values.creditMovement.createdAt.toISOString(),
    created_by: values.creditMovement.createdBy,
  };
  await tx.execute(
    sql`select meterline_record_account_payment(
      ${JSON.stringify(accountPaymentColumns)}::jsonb,
      ${tenderColumns ? JSON.stringify(tenderColumns) : null}::jsonb,
      ${JSON.stringify(paymentColumns)}::jsonb,
      ${JSON.stringify(invoiceColumns)}::jsonb,
      ${movement ? JSON.stringify(movement) : null}::jsonb,
      ${JSON.stringify(values.audits)}::jsonb,
      ${values.idempotencyKey}::text,
      ${JSON.stringify(values.answer)}::jsonb
    )`,
  );
}

export async function insertCreditMovement(
  executor: Executor,
  values: Omit<typeof creditMovements.$inferInsert, 'kind'> & { kind: CreditMovementKind },
): Promise<typeof creditMovements.$inferSelect> {
  return first(await executor.insert(creditMovements).values(values).returning(), 'a row inserted into creditMovements');
}

export async function insertCreditNote(executor: Executor, values: typeof creditNotes.$inferInsert): Promise<CreditNoteRow> {
  return first(await executor.insert(creditNotes).values(values).returning(), 'a row inserted into creditNotes');
}

export async function sumCreditNotesOf(executor: Executor, tenantId: number, invoiceId: number): Promise<bigint> {
  const row = first(
    await executor
      .select({ total: sql<string>`coalesce(sum(${creditNotes.total}), 0)::text` })
      .from(creditNotes)
      .where(and(eq(creditNotes.tenantId, tenantId), eq(creditNotes.invoiceId, invoiceId))),
    'the row of the sum',
  );
  return BigInt(row.total);
}

const creditNoteColumns = { note: creditNotes, invoiceNumber: invoices.number, customerName: customers.fullName };

function selectCreditNotes(executor: Executor) {
  return executor
    .select(creditNoteColumns)
    .from(creditNotes)
    .innerJoin(invoices, and(eq(invoices.tenantId, creditNotes.tenantId), eq(invoices.id, creditNotes.invoiceId)))
    .innerJoin(customers, and(eq(customers.tenantId, creditNotes.tenantId), eq(customers.id, creditNotes.customerId)));
}
export type CreditNoteJoined = Awaited<ReturnType<typeof findCreditNotesOfInvoice>>[number];

export async function findCreditNotesOfInvoice(executor: Executor, scope: ServiceScope, invoiceId: number) {
  return selectCreditNotes(executor)
    .where(and(eq(creditNotes.tenantId, scope.tenantId), eq(creditNotes.serviceId, scope.serviceId), eq(creditNotes.invoiceId, invoiceId)))
    .orderBy(asc(creditNotes.id));
}

export async function findCreditNote(executor: Executor, scope: ServiceScope, creditNoteId: number): Promise<CreditNoteJoined | null> {
  const [row] = await selectCreditNotes(executor).where(
    and(eq(creditNotes.tenantId, scope.tenantId), eq(creditNotes.serviceId, scope.serviceId), eq(creditNotes.id, creditNoteId)),
  );
  return row ?? null;
}

/** The account's own movements for the ledger, dated on the tenant's calendar. */
export async function findAccountMovements(executor: Executor, scope: ServiceScope, customerId: number, timezone: string) {
  const where = <T extends typeof accountPayments | typeof creditNotes | typeof creditMovements>(table: T) =>
    and(eq(table.tenantId, scope.tenantId), eq(table.serviceId, scope.serviceId), eq(table.customerId, customerId));
  const [paymentRows, noteRows, movementRows] = await Promise.all([
    executor
      .select({
        id: accountPayments.id,
        amount: accountPayments.amount,
        reference: accountPayments.reference,
        at: accountPayments.paidAt,
        on: sql<string>`to_char(${accountPayments.paidAt} at time zone ${timezone}, 'YYYY-MM-DD')`,
      })
      .from(accountPayments)
      .where(where(accountPayments)),
    executor
      .select({
        id: creditNotes.id,
        invoiceId: creditNotes.invoiceId,
        number: creditNotes.number,
        total: creditNotes.total,
        at: creditNotes.createdAt,
        on: creditNotes.issuedOn,
      })
      .from(creditNotes)
      .where(where(creditNotes)),
    executor
      .select({
        id: creditMovements.id,
        kind: creditMovements.kind,
        amount: creditMovements.amount,
        invoiceId: creditMovements.invoiceId,
        invoiceNumber: invoices.number,
        at: creditMovements.createdAt,
        on: sql<string>`to_char(${creditMovements.createdAt} at time zone ${timezone}, 'YYYY-MM-DD')`,
      })
      .from(creditMovements)
      .leftJoin(invoices, and(eq(invoices.tenantId, creditMovements.tenantId), eq(invoices.id, creditMovements.invoiceId)))
      .where(and(where(creditMovements), inArray(creditMovements.kind, ['applied', 'refund']))),
  ]);
  return { paymentRows, noteRows, movementRows };
}

/** The customers of the service, of one station or region, by name (at most `limit`). */
export async function findStatementCustomerIds(
  executor: Executor,
  scope: ServiceScope,
  filters: { station?: number; region?: number },
  limit: number,
): Promise<number[]> {
  const rows = await executor
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, scope.tenantId),
        eq(customers.serviceId, scope.serviceId),
        filters.station ? eq(customers.stationId, filters.station) : undefined,
        filters.region ? eq(customers.regionId, filters.region) : undefined,
      ),
    )
    .orderBy(asc(customers.fullName), asc(customers.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * The customer's invoices still owed and due before `dueBefore` that no late fee charged yet
 * (each is charged once, docs/billing.md), by id. Called in the invoice's transaction, customer row locked.
 */
export async function findOverdueInvoicesWithoutLateFee(executor: Executor, scope: ServiceScope, customerId: number, dueBefore: string) {
  return executor
    .select({ id: invoices.id, number: invoices.number, total: invoices.total, amountPaid: invoices.amountPaid })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, scope.tenantId),
        eq(invoices.serviceId, scope.serviceId),
        eq(invoices.customerId, customerId),
        inArray(invoices.status, ['unpaid', 'partially_paid']),
        lt(invoices.dueOn, dueBefore),
        notExists(
          executor
            .select({ one: sql`1` })
            .from(lateFees)
            .where(and(eq(lateFees.tenantId, invoices.tenantId), eq(lateFees.overdueInvoiceId, invoices.id))),
        ),
      ),
    )
    .orderBy(invoices.id);
}

/** Records which overdue invoices the new invoice charged (the unique key makes it once each). */
export async function insertLateFees(
  executor: Executor,
  scope: { tenantId: number },
  invoiceId: number,
  charges: { overdueInvoiceId: number; amount: bigint }[],
  now: Date,
): Promise<void> {
  await executor.insert(lateFees).values(
    charges.map((charge) => ({
      tenantId: scope.tenantId,
      overdueInvoiceId: charge.overdueInvoiceId,
      invoiceId,
      amount: charge.amount,
      createdAt: now,
    })),
  );
}
