import { and, eq, sql, type SQL } from 'drizzle-orm';
import { formatRate, type CurrencyTerms, type PaymentSettlement } from '@meterline/contract/currency-payments';
import { currencyDecimals, formatMoneyAmount } from '@meterline/contract/money';
import type { ListPaymentsQuery, Payment, PaymentTotals } from '@meterline/contract/payments';
import { paymentListSpec } from '@meterline/contract/payments';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { customers, invoices, paymentTenders, payments } from '../../db/schema/index';
import type { ParsedPart } from './payment-tenders';
import { toPayment, type PaymentRow, type PaymentTenderRow } from '../invoices/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import type { ServiceScope } from '../../scope/service-scope';

const joinedColumns = { payment: payments, invoiceNumber: invoices.number, customerName: customers.fullName, tender: paymentTenders };

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
  options: { decimals: number; timezone: string; resolveNames: (ids: (number | null)[]) => Promise<Map<number, string>> },
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
      return rows.map((row) => toPayment(row, names, options.decimals));
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

export async function findPaymentRow(
  executor: Executor,
  tenantId: number,
  invoiceId: number,
  paymentId: number,
): Promise<PaymentRow | null> {
  const [row] = await executor
    .select()
    .from(payments)
    .where(and(eq(payments.tenantId, tenantId), eq(payments.invoiceId, invoiceId), eq(payments.id, paymentId)));
  return row ?? null;
}

/** How much of a payment earlier reversals have already taken back (a positive number). */
export async function sumReversalsOf(executor: Executor, tenantId: number, paymentId: number): Promise<bigint> {
  const row = first(
    await executor
      .select({ total: sql<string>`coalesce(-sum(${payments.amount}), 0)::text` })
      .from(payments)
      .where(and(eq(payments.tenantId, tenantId), eq(payments.reversesId, paymentId))),
    'the row of the sum',
  );
  return BigInt(row.total);
}

export async function insertPayment(executor: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  return first(await executor.insert(payments).values(values).returning(), 'a row inserted into payments');
}

/** What was tendered for the payment, in its transaction. */
export async function insertPaymentTender(
  executor: Executor,
  values: { tenantId: number; paymentId: number; parts: ParsedPart[]; settled: PaymentSettlement; terms: CurrencyTerms },
): Promise<PaymentTenderRow> {
  const { terms, settled } = values;
  return first(
    await executor
      .insert(paymentTenders)
      .values({
        tenantId: values.tenantId,
        paymentId: values.paymentId,
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
    'a row inserted into paymentTenders',
  );
}
