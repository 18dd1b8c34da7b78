import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { first } from '@meterline/contract/invariant';
import { formatRate, type CurrencyTerms, type PaymentSettlement, type TenderPart } from '@meterline/contract/currency-payments';
import { currencyDecimals, formatMoneyAmount } from '@meterline/contract/money';
import type { Executor } from '../../db/client';
import {
  accountPayments,
  accountPaymentTenders,
  creditMovements,
  creditNotes,
  customers,
  invoices,
  lateFees,
  type CreditMovementKind,
} from '../../db/schema/index';
import type { ServiceScope } from '../../scope/service-scope';

export type AccountPaymentRow = typeof accountPayments.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

/** Payments rows that only move money inside the account: credit applied to an invoice, a credit note's part. */
export const CREDIT_APPLIED_METHOD = 'credit';
export const CREDIT_NOTE_METHOD = 'credit_note';

/** The customer's unpaid and partly paid invoices of the service, locked (oldest id first, the order every account writer locks in). */
export async function findOpenInvoices(executor: Executor, scope: ServiceScope, customerId: number, options: { lock?: boolean } = {}) {
  const query = executor
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      dueOn: invoices.dueOn,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, scope.tenantId),
        eq(invoices.serviceId, scope.serviceId),
        eq(invoices.customerId, customerId),
        inArray(invoices.status, ['unpaid', 'partially_paid']),
      ),
    )
    .orderBy(asc(invoices.id));
  return options.lock ? query.for('update') : query;
}

export async function insertAccountPayment(executor: Executor, values: typeof accountPayments.$inferInsert): Promise<AccountPaymentRow> {
  return first(await executor.insert(accountPayments).values(values).returning(), 'a row inserted into accountPayments');
}

/** What was tendered for the account payment (docs/accounts.md), in its transaction. */
export async function insertAccountPaymentTender(
  executor: Executor,
  values: { tenantId: number; accountPaymentId: number; parts: TenderPart[]; settled: PaymentSettlement; terms: CurrencyTerms },
): Promise<typeof accountPaymentTenders.$inferSelect> {
  const { terms, settled } = values;
  return first(
    await executor
      .insert(accountPaymentTenders)
      .values({
        tenantId: values.tenantId,
        accountPaymentId: values.accountPaymentId,
        currency: terms.billingCurrency,
        tendered: values.parts.map((part) => ({
          currency: part.currency,
          amount: formatMoneyAmount(part.minor, currencyDecimals(part.currency)),
        })),
        received: settled.received,
        changeDue: settled.changeBilling,
        secondCurrency: terms.secondCurrency,
        rate: terms.rate === null ? null : formatRate(terms.rate),
        baseCurrency: terms.rate === null ? null : terms.rateBase,
        changeDueSecond: settled.changeSecond,
      })
      .returning(),
    'a row inserted into accountPaymentTenders',
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
