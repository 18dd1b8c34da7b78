/** An invoice's amounts in the tenant's second currency (docs/money-and-numbering.md), at the rate the invoice stored. */
import { cashDueInSecond, inSecondCurrency, parseRate, type CurrencyTerms } from '@meterline/contract/currency-payments';
import { currencyDecimals, formatMoneyAmount } from '@meterline/contract/money';
import type { TenantTerms } from '../../scope/service-scope';
import type { InvoiceRateRow } from './pricing.repository';

/** The currencies of an invoice: the billing one, and the second one with the invoice's own rate. */
export function currencyTermsOf(
  terms: TenantTerms,
  rate: Pick<InvoiceRateRow, 'currency' | 'rate' | 'baseCurrency'> | null,
): CurrencyTerms {
  const second = rate?.currency ?? terms.secondCurrency;
  return {
    billingCurrency: terms.currency,
    billingDecimals: terms.decimals,
    secondCurrency: second,
    secondDecimals: second === null ? null : currencyDecimals(second),
    rate: rate ? parseRate(rate.rate) : null,
    // Rows stored before migration 0014 have no base: their rate was always per one billing unit.
    rateBase: rate?.baseCurrency ?? terms.currency,
    cashSteps: terms.cashSteps,
  };
}

/** The invoice's second-currency fields; all null when it was issued without a rate. */
export function secondCurrencyFields(total: bigint, balance: bigint, terms: TenantTerms, rate: InvoiceRateRow | null) {
  if (!rate) return { second_currency: null, exchange_rate: null, exchange_rate_base: null, total_second: null, balance_due_second: null };
  const currencies = currencyTermsOf(terms, rate);
  const decimals = currencyDecimals(rate.currency);
  const money = (value: bigint | null) => (value === null ? null : formatMoneyAmount(value, decimals));
  return {
    second_currency: rate.currency,
    exchange_rate: rate.rate,
    exchange_rate_base: currencies.rateBase,
    total_second: money(inSecondCurrency(total, currencies)),
    balance_due_second: money(cashDueInSecond(balance, currencies)),
  };
}
