import { parseRate, type CurrencyTerms } from '@meterline/contract/currency-payments';
import type { Invoice } from '@meterline/contract/invoices';
import { currencyDecimals } from '@meterline/contract/money-format';

/** An invoice's two currencies at its own rate (the rate the server settles its payments at), with the tenant's cash steps. */
export function invoiceCurrencyTerms(
  invoice: Pick<Invoice, 'currency' | 'second_currency' | 'exchange_rate' | 'exchange_rate_base'>,
  steps: Record<string, bigint>,
): CurrencyTerms {
  return {
    billingCurrency: invoice.currency,
    billingDecimals: currencyDecimals(invoice.currency),
    secondCurrency: invoice.second_currency,
    secondDecimals: invoice.second_currency ? currencyDecimals(invoice.second_currency) : null,
    rate: invoice.exchange_rate ? parseRate(invoice.exchange_rate) : null,
    rateBase: invoice.exchange_rate_base ?? invoice.currency,
    cashSteps: steps,
  };
}
