import { parseRate, type CurrencyTerms } from '@meterline/contract/currency-payments';
import type { InvoiceDetail } from '@meterline/contract/invoices';
import { currencyDecimals } from '@meterline/contract/money-format';
import { cashStepsOf } from '../../../shared/ui/tender-field';

/** The invoice's two currencies at its own rate (the rate the server settles its payments at), with the tenant's cash steps. */
export function currencyTermsOfInvoice(invoice: InvoiceDetail): CurrencyTerms {
  return {
    billingCurrency: invoice.currency,
    billingDecimals: currencyDecimals(invoice.currency),
    secondCurrency: invoice.second_currency,
    secondDecimals: invoice.second_currency ? currencyDecimals(invoice.second_currency) : null,
    rate: invoice.exchange_rate ? parseRate(invoice.exchange_rate) : null,
    rateBase: invoice.exchange_rate_base ?? invoice.currency,
    cashSteps: cashStepsOf(invoice.cash_rounding),
  };
}
