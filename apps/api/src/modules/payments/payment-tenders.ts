/**
 * A payment handed over in one or both of the tenant's currencies (docs/money-and-numbering.md). Parsing the parts,
 * settling them at the invoice's rate (`currency-payments.ts`), the row of what was tendered that `payments.repository.ts` stores.
 */
import {
  formatRate,
  settlePayment,
  type CurrencyTerms,
  type PaymentSettlement,
  type TenderPart,
} from '@meterline/contract/currency-payments';
import { ERROR_CODES } from '@meterline/contract/errors';
import { currencyDecimals, formatMoneyAmount } from '@meterline/contract/money';
import { conflict, fieldError } from '../../lib/http-errors';
import { currencyTermsOf, type InvoiceRateRow, type PaymentTenderRow } from '../invoices/index';
import { parseDecimalField } from '../../lib/decimal-input';
import type { ServiceContext } from '../../scope/service-scope';

export interface ParsedPart {
  currency: string;
  minor: bigint;
}

/** `amounts` as minor units of each currency, positive; a currency the invoice does not take is a 400 on it. */
export function parseAmounts(amounts: { currency: string; amount: string }[], terms: CurrencyTerms): ParsedPart[] {
  const accepted = [terms.billingCurrency, ...(terms.secondCurrency ? [terms.secondCurrency] : [])];
  return amounts.map((part, index) => {
    if (!accepted.includes(part.currency)) {
      throw fieldError(`amounts.${index}.currency`, ERROR_CODES.currencyNotAccepted, { currencies: accepted.join(', ') });
    }
    const minor = parseDecimalField(`amounts.${index}.amount`, part.amount, currencyDecimals(part.currency), { maxDigits: 18 });
    return { currency: part.currency, minor };
  });
}

/**
 * Settles the parts against the balance. More than the balance is change only for cash (other
 * methods: 400 overpay, like `amount`).
 */
export function settleAmounts(
  parts: ParsedPart[],
  balance: bigint,
  terms: CurrencyTerms,
  method: string,
  money: (value: bigint) => string,
): PaymentSettlement {
  const settled = settlePayment(parts, balance, terms);
  if ('kind' in settled) {
    if (settled.kind === 'exchange_rate_missing')
      throw conflict(ERROR_CODES.exchangeRateMissing, { currency: terms.secondCurrency ?? '', billing: terms.billingCurrency });
    throw fieldError(`amounts.${settled.index}.currency`, ERROR_CODES.currencyNotAccepted, { currencies: terms.billingCurrency });
  }
  if (settled.received > balance && method !== 'cash') {
    throw fieldError('amounts', ERROR_CODES.overpay, { amount: money(settled.received), balance: money(balance) });
  }
  return settled;
}

export interface PreparedTender {
  parts: ParsedPart[];
  settled: PaymentSettlement;
  terms: CurrencyTerms;
}

/** Parses and settles `amounts` against the invoice's balance at the rate the invoice stored (`rate`, read with the invoice). */
export function prepareTender(
  context: ServiceContext,
  rate: InvoiceRateRow | null,
  amounts: { currency: string; amount: string }[],
  balance: bigint,
  method: string,
): PreparedTender {
  const terms = currencyTermsOf(context.terms, rate);
  const parts = parseAmounts(amounts, terms);
  const money = (value: bigint) => formatMoneyAmount(value, context.terms.decimals);
  return { parts, settled: settleAmounts(parts, balance, terms, method, money), terms };
}

/**
 * What was tendered, as its row stores it: the columns `payment_tenders` (a payment) and
 * `account_payment_tenders` (an account payment) share beside their ids.
 */
export function tenderedColumnsOf({ parts, settled, terms }: Omit<PreparedTender, 'parts'> & { parts: TenderPart[] }) {
  return {
    currency: terms.billingCurrency,
    tendered: parts.map((part) => ({ currency: part.currency, amount: formatMoneyAmount(part.minor, currencyDecimals(part.currency)) })),
    received: settled.received,
    changeDue: settled.changeBilling,
    secondCurrency: terms.secondCurrency,
    rate: terms.rate === null ? null : formatRate(terms.rate),
    baseCurrency: terms.rate === null ? null : terms.rateBase,
    changeDueSecond: settled.changeSecond,
  };
}

/** The same shared columns as the one write's JSON takes them: by their columns' names, bigints as text. */
export function tenderedJsonOf(tender: ReturnType<typeof tenderedColumnsOf>) {
  return {
    currency: tender.currency,
    tendered: tender.tendered,
    received: tender.received.toString(),
    change_due: tender.changeDue.toString(),
    second_currency: tender.secondCurrency,
    rate: tender.rate,
    base_currency: tender.baseCurrency,
    change_due_second: tender.changeDueSecond === null ? null : tender.changeDueSecond.toString(),
  };
}

/** The `payment_tenders` row of a payment (its id taken with the invoice's read): what was tendered, as stored and answered. */
export function tenderRowOf(values: { id: number; tenantId: number; paymentId: number } & PreparedTender): PaymentTenderRow {
  return { id: values.id, tenantId: values.tenantId, paymentId: values.paymentId, ...tenderedColumnsOf(values) };
}
