import { and, eq, sql, type SQL } from 'drizzle-orm';
import { currencyDecimals, formatMoneyAmount } from '@meterline/contract/money';
import type { InvoiceStatusSummary, ListTransactionsQuery, Transaction } from '@meterline/contract/transactions';
import { transactionListSpec } from '@meterline/contract/transactions';
import { INVOICE_STATUSES } from '@meterline/contract/invoices';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { invoices, transactions } from '../../db/schema/index';
import { orderByFor, searchCondition, type ListSource } from '../../lib/list';
import { selectRows } from '../../scope/codes';

export type TransactionRow = typeof transactions.$inferSelect;

export function toTransaction(row: TransactionRow, names: Map<number, string>, decimals: number): Transaction {
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    id: row.id,
    kind: row.kind as Transaction['kind'],
    amount: formatMoneyAmount(row.amount, row.currency === null ? decimals : currencyDecimals(row.currency)),
    currency: row.currency,
    service: row.serviceId,
    from_user: row.fromUserId,
    from_user_name: nameOf(row.fromUserId),
    to_user: row.toUserId,
    to_user_name: nameOf(row.toUserId),
    description: row.description,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    created_by_name: nameOf(row.createdBy),
  };
}

const orderingFields = {
  id: transactions.id,
  created_at: transactions.createdAt,
  amount: transactions.amount,
  kind: transactions.kind,
} satisfies Record<(typeof transactionListSpec.ordering)[number], unknown>;

export function listTransactionsSource(
  executor: Executor,
  tenantId: number,
  query: ListTransactionsQuery,
  options: { decimals: number; timezone: string; resolveNames: (ids: (number | null)[]) => Promise<Map<number, string>> },
): ListSource<Transaction> {
  const createdOn = sql`(${transactions.createdAt} at time zone ${options.timezone})::date`;
  const where = and(
    eq(transactions.tenantId, tenantId),
    searchCondition(query.search, [transactions.description]),
    query.kind ? eq(transactions.kind, query.kind) : undefined,
    query.service ? eq(transactions.serviceId, query.service) : undefined,
    query.from_user ? eq(transactions.fromUserId, query.from_user) : undefined,
    query.to_user ? eq(transactions.toUserId, query.to_user) : undefined,
    query.date_from ? sql`${createdOn} >= ${query.date_from}::date` : undefined,
    query.date_to ? sql`${createdOn} <= ${query.date_to}::date` : undefined,
  );
  const orderBy = orderByFor(query.ordering, orderingFields, transactionListSpec.defaultOrdering, transactions.id);
  return {
    countQuery: () => executor.select({ id: transactions.id }).from(transactions).where(where).$dynamic(),
    fetchPage: async (limit, offset) => {
      const rows = await executor
        .select()
        .from(transactions)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
      const names = await options.resolveNames(rows.flatMap((row) => [row.fromUserId, row.toUserId, row.createdBy]));
      return rows.map((row) => toTransaction(row, names, options.decimals));
    },
  };
}

export async function insertTransaction(executor: Executor, values: typeof transactions.$inferInsert): Promise<TransactionRow> {
  return first(await executor.insert(transactions).values(values).returning(), 'a row inserted into transactions');
}

/** Invoices per status (every status listed, zero included), optionally of one service and issued in a range. */
export async function summarizeInvoiceStatuses(
  executor: Executor,
  tenantId: number,
  filters: { serviceId?: number; dateFrom?: string; dateTo?: string },
  decimals: number,
): Promise<InvoiceStatusSummary> {
  const conditions: (SQL | undefined)[] = [
    sql`${invoices.tenantId} = ${tenantId}`,
    filters.serviceId ? sql`${invoices.serviceId} = ${filters.serviceId}` : undefined,
    filters.dateFrom ? sql`${invoices.issuedOn} >= ${filters.dateFrom}` : undefined,
    filters.dateTo ? sql`${invoices.issuedOn} <= ${filters.dateTo}` : undefined,
  ];
  const rows = await selectRows<{ status: string; count: number; total: string }>(
    executor,
    sql`select ${invoices.status} as status, count(*)::int as count, coalesce(sum(${invoices.total}), 0)::text as total
        from ${invoices} where ${and(...conditions)} group by ${invoices.status}`,
  );
  const byStatus = new Map(rows.map((row) => [row.status, row]));
  return INVOICE_STATUSES.map((status) => ({
    status,
    count: Number(byStatus.get(status)?.count ?? 0),
    total: formatMoneyAmount(BigInt(byStatus.get(status)?.total ?? '0'), decimals),
  }));
}
