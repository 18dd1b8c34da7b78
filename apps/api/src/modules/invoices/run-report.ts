/**
 * The billing run's report as a run starts (docs/billing.md, "The billing run"): every count zero,
 * and its warnings known before anything is billed: the month not over yet, the month without a rate.
 */
import type { GenerateInvoicesResult } from '@meterline/contract/invoices';
import { formatMoneyAmount } from '@meterline/contract/money';
import type { Executor } from '../../db/client';
import type { ServiceContext, TenantTerms } from '../../scope/service-scope';
import { findRateForMonth } from './pricing.repository';

type MissingExchangeRate = NonNullable<GenerateInvoicesResult['missing_exchange_rate']>;

/**
 * A month billed without an exchange rate of its own (docs/billing.md, "A month without a rate"):
 * null when the tenant has one currency or the month of `day` (`YYYY-MM-DD` or `YYYY-MM`) has its
 * rate; else the month, the currency and the earlier month whose rate an invoice would take (null: none).
 */
async function missingExchangeRate(
  executor: Executor,
  tenantId: number,
  terms: Pick<TenantTerms, 'secondCurrency'>,
  day: string,
): Promise<MissingExchangeRate | null> {
  const currency = terms.secondCurrency;
  if (!currency) return null;
  const month = day.slice(0, 7);
  const rate = await findRateForMonth(executor, tenantId, currency, `${month}-01`);
  const rateMonth = rate ? String(rate.month).slice(0, 7) : null;
  if (rateMonth === month) return null;
  return { month, currency, fallback_month: rateMonth };
}

/** The empty report of a run of `period`, with its warnings; `today` in the tenant's time zone. */
export async function startRunReport(
  context: Pick<ServiceContext, 'db' | 'scope' | 'terms'>,
  period: { period_start: string; period_end: string },
  today: string,
): Promise<GenerateInvoicesResult> {
  const { db, scope, terms } = context;
  return {
    created: 0,
    skipped: 0,
    skipped_details: [],
    errors: [],
    invoices: [],
    amount: formatMoneyAmount(0n, terms.decimals),
    month_in_progress: period.period_end >= today,
    missing_exchange_rate: await missingExchangeRate(db, scope.tenantId, terms, period.period_start),
    unread: [],
    by_station: [],
  };
}
