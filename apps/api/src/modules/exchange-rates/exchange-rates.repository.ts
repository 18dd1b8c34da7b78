import { and, eq, sql } from 'drizzle-orm';
import type { ExchangeRate, ListExchangeRatesQuery } from '@meterline/contract/exchange-rates';
import { exchangeRateListSpec } from '@meterline/contract/exchange-rates';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { exchangeRates } from '../../db/schema/index';
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
  const where = and(
    eq(exchangeRates.tenantId, tenantId),
    query.currency ? eq(exchangeRates.currency, query.currency.trim().toUpperCase()) : undefined,
  );
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

export async function findExchangeRateRow(
  executor: Executor,
  tenantId: number,
  currency: string,
  month: string,
): Promise<ExchangeRateRow | null> {
  const [row] = await executor
    .select()
    .from(exchangeRates)
    .where(and(eq(exchangeRates.tenantId, tenantId), eq(exchangeRates.currency, currency), eq(exchangeRates.month, month)))
    .for('update');
  return row ?? null;
}

/** Sets the month's rate, replacing the one there was. */
export async function upsertExchangeRate(executor: Executor, values: typeof exchangeRates.$inferInsert): Promise<ExchangeRateRow> {
  return first(
    await executor
      .insert(exchangeRates)
      .values(values)
      .onConflictDoUpdate({
        target: [exchangeRates.tenantId, exchangeRates.currency, exchangeRates.month],
        set: {
          rate: sql`excluded.rate`,
          baseCurrency: sql`excluded.base_currency`,
          setBy: sql`excluded.set_by`,
          setAt: sql`excluded.set_at`,
        },
      })
      .returning(),
    'a row inserted into exchangeRates',
  );
}
