import { inSecondCurrency } from '@meterline/contract/currency-payments';
import { currencyDecimals, formatMoneyAmount } from '@meterline/contract/money';
import type { KpiSummary, MonthlyTotals, InvoicesByStatus, CollectionsByStaff, StatisticsQuery } from '@meterline/contract/statistics';
import { ERROR_CODES } from '@meterline/contract/errors';
import { first, nth } from '@meterline/contract/invariant';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { fieldError } from '../../lib/http-errors';
import { findRateForMonth, currencyTermsOf } from '../invoices/index';
import { assertTenantService, findUserNames } from '../../scope/references';
import { safeTimezone, todayIn, type TenantContext } from '../../scope/service-scope';
import {
  selectCollectionsByReceiver,
  selectKpis,
  selectMonthlyTotals,
  selectStatusBreakdown,
  type StatisticsScope,
} from './statistics.repository';

const STATUS_ORDER = ['paid', 'partially_paid', 'unpaid', 'overdue', 'cancelled'];

function lastDayOfMonth(month: string): string {
  const [year = NaN, monthNumber = NaN] = month.split('-').map(Number); // YYYY-MM
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}

/** The twelve months (YYYY-MM) ending with the given one, oldest first. */
export function twelveMonthsEnding(month: string): string[] {
  const [year = NaN, monthNumber = NaN] = month.split('-').map(Number); // YYYY-MM
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(year, monthNumber - 1 - (11 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * Dashboard figures, read from rollups the money writes keep in their own transaction (so never
 * stale). Without dates, "this month" is the current month in the tenant's timezone.
 */
export function createStatisticsService(deps: { clock: Clock; defaultDb: Db }) {
  async function scopeOf(context: TenantContext, query: StatisticsQuery): Promise<StatisticsScope & { hasWindow: boolean }> {
    if (query.service) await assertTenantService(context.db, context.tenantId, query.service);
    if (query.date_from && query.date_to && query.date_to < query.date_from) throw fieldError('date_to', ERROR_CODES.dateRangeOrder);
    const timezone = safeTimezone(context.terms.timezone);
    const today = todayIn(timezone, deps.clock.now());
    const month = today.slice(0, 7);
    return {
      tenantId: context.tenantId,
      serviceId: query.service,
      timezone,
      today,
      from: query.date_from ?? `${month}-01`,
      to: query.date_to ?? lastDayOfMonth(month),
      hasWindow: Boolean(query.date_from || query.date_to),
    };
  }

  /** The second currency at the rate of the month `day` falls in (or the latest before it): a converter and the header fields. */
  async function secondCurrencyOf(context: TenantContext, day: string) {
    const none = {
      header: { second_currency: null, exchange_rate: null, exchange_rate_base: null, exchange_rate_month: null },
      convert: (_value: string): string | null => null,
    };
    const secondCurrency = context.terms.secondCurrency;
    if (!secondCurrency) return none;
    const rate = await findRateForMonth(context.db, context.tenantId, secondCurrency, `${day.slice(0, 7)}-01`);
    if (!rate) return { ...none, header: { ...none.header, second_currency: secondCurrency } };
    const terms = currencyTermsOf(context.terms, { currency: secondCurrency, rate: rate.rate, baseCurrency: rate.baseCurrency });
    const decimals = currencyDecimals(secondCurrency);
    return {
      header: {
        second_currency: secondCurrency,
        exchange_rate: rate.rate,
        exchange_rate_base: terms.rateBase,
        exchange_rate_month: rate.month.slice(0, 7),
      },
      convert: (value: string) => {
        const converted = inSecondCurrency(BigInt(value), terms);
        return converted === null ? null : formatMoneyAmount(converted, decimals);
      },
    };
  }

  return {
    async kpiSummary(context: TenantContext, query: StatisticsQuery): Promise<KpiSummary> {
      const scope = await scopeOf(context, query);
      const row = await selectKpis(context.db, scope);
      const money = (value: string) => formatMoneyAmount(BigInt(value), context.terms.decimals);
      const second = await secondCurrencyOf(context, scope.to);
      return {
        currency: context.terms.currency,
        customers: Number(row.customers),
        active_subscriptions: Number(row.active_subscriptions),
        invoiced_this_month: money(row.invoiced),
        collected_this_month: money(row.collected),
        outstanding_balance: money(row.outstanding),
        overdue_invoices: Number(row.overdue),
        ...second.header,
        invoiced_this_month_second: second.convert(row.invoiced),
        collected_this_month_second: second.convert(row.collected),
        outstanding_balance_second: second.convert(row.outstanding),
      };
    },

    async monthlyTotals(context: TenantContext, query: StatisticsQuery): Promise<MonthlyTotals> {
      const scope = await scopeOf(context, query);
      const months = twelveMonthsEnding((query.date_to ?? scope.today).slice(0, 7));
      const { invoiced, collected } = await selectMonthlyTotals(context.db, {
        ...scope,
        from: `${first(months)}-01`,
        to: lastDayOfMonth(nth(months, -1)),
      });
      const invoicedByMonth = new Map(invoiced.map((row) => [row.month, BigInt(row.total)]));
      const collectedByMonth = new Map(collected.map((row) => [row.month, BigInt(row.total)]));
      return months.map((month) => ({
        month,
        invoiced: formatMoneyAmount(invoicedByMonth.get(month) ?? 0n, context.terms.decimals),
        collected: formatMoneyAmount(collectedByMonth.get(month) ?? 0n, context.terms.decimals),
      }));
    },

    async invoicesByStatus(context: TenantContext, query: StatisticsQuery): Promise<InvoicesByStatus> {
      const scope = await scopeOf(context, query);
      const rows = await selectStatusBreakdown(context.db, scope);
      const byStatus = new Map(rows.map((row) => [row.status, row]));
      return STATUS_ORDER.map((status) => ({
        status,
        count: Number(byStatus.get(status)?.count ?? 0),
        total: formatMoneyAmount(BigInt(byStatus.get(status)?.total ?? '0'), context.terms.decimals),
      }));
    },

    async collectionsByStaff(context: TenantContext, query: StatisticsQuery): Promise<CollectionsByStaff> {
      const scope = await scopeOf(context, query);
      const rows = await selectCollectionsByReceiver(context.db, scope);
      const names = await findUserNames(
        deps.defaultDb,
        context.tenantId,
        rows.map((row) => Number(row.user_id)),
      );
      return rows
        .map((row) => ({
          user_id: Number(row.user_id),
          full_name: names.get(Number(row.user_id)) ?? `#${row.user_id}`,
          count: Number(row.count),
          total: BigInt(row.total),
        }))
        .sort((a, b) => (a.total === b.total ? a.user_id - b.user_id : a.total > b.total ? -1 : 1))
        .map((row) => ({ ...row, total: formatMoneyAmount(row.total, context.terms.decimals) }));
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
