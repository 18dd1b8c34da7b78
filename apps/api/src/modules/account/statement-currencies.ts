/**
 * A statement's second-currency column (docs/accounts.md, "Statements in two currencies"): each line
 * at the rate of its invoice (an invoice, a payment, a reversal, credit applied), else at its month's
 * rate (an account payment, a credit note or refund without an invoice); the balances at the rate of
 * the statement's last month, what they are worth that day.
 */
import { inSecondCurrency } from '@meterline/contract/currency-payments';
import type { Ledger } from '@meterline/contract/ledger';
import { currencyDecimals, formatMoneyAmount, parseMoney } from '@meterline/contract/money';
import type { ServiceContext } from '../../scope/service-scope';
import { currencyTermsOf, findInvoiceRates, findRateForMonth } from '../invoices/index';

export interface StatementSecondCurrency {
  currency: string;
  /** Each ledger entry's amount in the second currency, in the entries' order; null where no rate applies. */
  amounts: (string | null)[];
  /** The lines' sums: what was charged (positive lines) and what was paid or credited (negative lines). */
  charged: string;
  credited: string;
  /** The period's totals in the billing currency, for the same row. */
  chargedBilling: string;
  creditedBilling: string;
  /** Opening and closing balances at the rate of the statement's last month; null without one. */
  opening: string | null;
  closing: string | null;
}

type RateRow = { currency: string; rate: string; baseCurrency: string | null };

/** Null when the tenant has one currency. */
export async function statementSecondCurrency(
  context: ServiceContext,
  ledger: Ledger,
  today: string,
): Promise<StatementSecondCurrency | null> {
  const { db, scope, terms } = context;
  const second = terms.secondCurrency;
  if (!second) return null;
  const invoiceIds = [...new Set(ledger.entries.flatMap((entry) => (entry.invoice === null ? [] : [entry.invoice])))];
  const invoiceRates = await findInvoiceRates(db, scope.tenantId, invoiceIds);
  const monthRates = new Map<string, RateRow | null>();
  const monthRate = async (day: string): Promise<RateRow | null> => {
    const month = `${day.slice(0, 7)}-01`;
    if (!monthRates.has(month)) {
      const row = await findRateForMonth(db, scope.tenantId, second, month);
      monthRates.set(month, row ? { currency: second, rate: row.rate, baseCurrency: row.baseCurrency } : null);
    }
    return monthRates.get(month) ?? null;
  };
  const decimals = currencyDecimals(second);
  const billing = (text: string) => parseMoney(text, terms.decimals) ?? 0n;
  const convert = (minor: bigint, rate: RateRow | null) => (rate ? inSecondCurrency(minor, currencyTermsOf(terms, rate)) : null);
  let charged = 0n;
  let credited = 0n;
  let chargedBilling = 0n;
  let creditedBilling = 0n;
  const amounts: (string | null)[] = [];
  for (const entry of ledger.entries) {
    const rate = (entry.invoice === null ? undefined : invoiceRates.get(entry.invoice)) ?? (await monthRate(entry.date));
    const minor = billing(entry.amount);
    const converted = convert(minor, rate);
    if (minor >= 0n) {
      chargedBilling += minor;
      charged += converted ?? 0n;
    } else {
      creditedBilling += minor;
      credited += converted ?? 0n;
    }
    amounts.push(converted === null ? null : formatMoneyAmount(converted, decimals));
  }
  const lastRate = await monthRate(ledger.date_to ?? today);
  const balance = (text: string) => {
    const converted = convert(billing(text), lastRate);
    return converted === null ? null : formatMoneyAmount(converted, decimals);
  };
  return {
    currency: second,
    amounts,
    charged: formatMoneyAmount(charged, decimals),
    credited: formatMoneyAmount(credited, decimals),
    chargedBilling: formatMoneyAmount(chargedBilling, terms.decimals),
    creditedBilling: formatMoneyAmount(creditedBilling, terms.decimals),
    opening: balance(ledger.opening_balance),
    closing: balance(ledger.closing_balance),
  };
}
