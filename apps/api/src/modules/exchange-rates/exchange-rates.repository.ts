import { and, eq, min, or, sql } from 'drizzle-orm';
import type { ExchangeRate, ListExchangeRatesQuery } from '@meterline/contract/exchange-rates';
import { exchangeRateListSpec } from '@meterline/contract/exchange-rates';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { exchangeRates, invoices } from '../../db/schema/index';
import { orderByFor, type ListSource } from '../../lib/list';

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

export function toExchangeRate(row: ExchangeRateRow): ExchangeRate {
  return {
    id: row.id,
    currency: row.currency,
    month: row.month.slice(0, 7),
    rate: row.rate,
    base_currency: row.baseCurrency,
    set_by: row.setBy,
    set_at: row.setAt.toISOString(),
  };
}

const orderingFields = {
  month: exchangeRates.month,
  rate: exchangeRates.rate,
  set_at: exchangeRates.setAt,
} satisfies Record<(typeof exchangeRateListSpec.ordering)[number], unknown>;

export function listExchangeRatesSource(executor: Executor, tenantId: number, query: ListExchangeRatesQuery): ListSource<ExchangeRate> {
  const where = and(eq(exchangeRates.tenantId, tenantId), query.currency ? ofCurrency(query.currency.trim().toUpperCase()) : undefined);
  const orderBy = orderByFor(query.ordering, orderingFields, exchangeRateListSpec.defaultOrdering, exchangeRates.id);
  return {
    countQuery: () => executor.select({ id: exchangeRates.id }).from(exchangeRates).where(where).$dynamic(),
    fetchPage: async (limit, offset) =>
      (
        await executor
          .select()
          .from(exchangeRates)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(toExchangeRate),
  };
}

/** The rows between `currency` and the other currency of the pair, whichever is the base (migration 0028). */
function ofCurrency(currency: string) {
  return or(eq(exchangeRates.currency, currency), eq(exchangeRates.baseCurrency, currency));
}

/** The month's rate of the tenant's second currency (either way round), locked for the write that follows. */
export async function findExchangeRateRow(
  executor: Executor,
  tenantId: number,
  secondCurrency: string,
  month: string,
): Promise<ExchangeRateRow | null> {
  const [row] = await executor
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.tenantId, tenantId), ofCurrency(secondCurrency), eq(exchangeRates.month, month)))
    .for('update');
  return row ?? null;
}

/** Sets the month's rate: replaces `before` (the row `findExchangeRateRow` locked) or inserts it. */
export async function upsertExchangeRate(
  executor: Executor,
  before: ExchangeRateRow | null,
  values: typeof exchangeRates.$inferInsert,
): Promise<ExchangeRateRow> {
  if (before) {
    const { currency, rate, baseCurrency, setBy, setAt } = values;
    return first(
      await executor
        .update(exchangeRates)
        .set({ currency, rate, baseCurrency, setBy, setAt })
        .where(and(eq(exchangeRates.tenantId, before.tenantId), eq(exchangeRates.id, before.id)))
        .returning(),
      'the exchange rate updated',
    );
  }
  return first(await executor.insert(exchangeRates).values(values).returning(), 'a row inserted into exchangeRates');
}

/** The months (`YYYY-MM-01`) from `from` to `to` that have a rate of the currency (either way round). */
export async function findRateMonths(
  executor: Executor,
  tenantId: number,
  currency: string,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await executor
    .select({ month: exchangeRates.month })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.tenantId, tenantId),
        ofCurrency(currency),
        sql`${exchangeRates.month} >= ${from}`,
        sql`${exchangeRates.month} <= ${to}`,
      ),
    );
  return new Set(rows.map((row) => String(row.month).slice(0, 7)));
}

/** The first month (`YYYY-MM`) the tenant billed (its earliest invoice's period), or null. */
export async function findFirstInvoiceMonth(executor: Executor, tenantId: number): Promise<string | null> {
  const [row] = await executor
    .select({ first: min(invoices.periodStart) })
    .from(invoices)
    .where(eq(invoices.tenantId, tenantId));
  return row?.first ? String(row.first).slice(0, 7) : null;
}
