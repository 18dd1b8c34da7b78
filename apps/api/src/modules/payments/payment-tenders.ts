/**
 * Issue 14: a payment handed over in one or both of the tenant's currencies. Parsing the parts,
 * settling them at the invoice's rate (`currency-payments.ts`), storing what was tendered.
 */
import { formatRate, settlePayment, type CurrencyTerms, type PaymentSettlement } from '@meterline/contract/currency-payments';
import { ERROR_CODES } from '@meterline/contract/errors';
import { currencyDecimals, formatMoneyAmount } from '@meterline/contract/money';
import type { CurrencyAmount } from '@meterline/contract/payments';
import type { Executor } from '../../db/client';
import { paymentTenders } from '../../db/schema/index';
import { conflict, fieldError } from '../../lib/http-errors';
import { findInvoiceRate } from '../invoices/pricing.repository';
import { currencyTermsOf } from '../invoices/two-currencies';
import { parseDecimalField } from '../services/decimal-input';
import type { ServiceContext } from '../services/service-scope';
import { first } from '@meterline/contract/invariant';

export type PaymentTenderRow = typeof paymentTenders.$inferSelect;

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
export function settleAmounts(parts: ParsedPart[], balance: bigint, terms: CurrencyTerms, method: string, money: (value: bigint) => string): PaymentSettlement {
  const settled = settlePayment(parts, balance, terms);
  if ('kind' in settled) {
    if (settled.kind === 'exchange_rate_missing') throw conflict(ERROR_CODES.exchangeRateMissing, { currency: terms.secondCurrency ?? '', billing: terms.billingCurrency });
    throw fieldError(`amounts.${settled.index}.currency`, ERROR_CODES.currencyNotAccepted, { currencies: terms.billingCurrency });
  }
  if (settled.received > balance && method !== 'cash') {
    throw fieldError('amounts', ERROR_CODES.overpay, { amount: money(settled.received), balance: money(balance) });
  }
  return settled;
}

export async function insertPaymentTender(
  executor: Executor,
  values: { tenantId: number; paymentId: number; parts: ParsedPart[]; settled: PaymentSettlement; terms: CurrencyTerms },
): Promise<PaymentTenderRow> {
  const { terms, settled } = values;
  const row = first(await executor
    .insert(paymentTenders)
    .values({
      tenantId: values.tenantId,
      paymentId: values.paymentId,
      currency: terms.billingCurrency,
      tendered: values.parts.map((part) => ({ currency: part.currency, amount: formatMoneyAmount(part.minor, currencyDecimals(part.currency)) })),
      received: settled.received,
      changeDue: settled.changeBilling,
      secondCurrency: terms.secondCurrency,
      rate: terms.rate === null ? null : formatRate(terms.rate),
      baseCurrency: terms.rate === null ? null : terms.rateBase,
      changeDueSecond: settled.changeSecond,
    })
    .returning(), 'a row inserted into paymentTenders');
  return row;
}

/** The payment's tender fields for the answer; null for a payment taken with `amount`. */
export function tenderFields(tender: PaymentTenderRow | null, decimals: number): { tendered: CurrencyAmount[] | null; received: string | null; change_due: CurrencyAmount[] | null; exchange_rate: string | null; exchange_rate_base: string | null } {
  if (!tender) return { tendered: null, received: null, change_due: null, exchange_rate: null, exchange_rate_base: null };
  const changeDue: CurrencyAmount[] = [{ currency: tender.currency, amount: formatMoneyAmount(tender.changeDue, decimals) }];
  if (tender.secondCurrency !== null && tender.changeDueSecond !== null) {
    changeDue.push({ currency: tender.secondCurrency, amount: formatMoneyAmount(tender.changeDueSecond, currencyDecimals(tender.secondCurrency)) });
  }
  return { tendered: tender.tendered, received: formatMoneyAmount(tender.received, decimals), change_due: changeDue, exchange_rate: tender.rate, exchange_rate_base: tender.rate === null ? null : (tender.baseCurrency ?? tender.currency) };
}

export interface PreparedTender {
  parts: ParsedPart[];
  settled: PaymentSettlement;
  terms: CurrencyTerms;
}

/** Parses and settles `amounts` against the invoice's balance at the rate the invoice stored. */
export async function prepareTender(
  executor: Executor,
  context: ServiceContext,
  invoiceId: number,
  amounts: { currency: string; amount: string }[],
  balance: bigint,
  method: string,
): Promise<PreparedTender> {
  const terms = currencyTermsOf(context.terms, await findInvoiceRate(executor, context.scope.tenantId, invoiceId));
  const parts = parseAmounts(amounts, terms);
  const money = (value: bigint) => formatMoneyAmount(value, context.terms.decimals);
  return { parts, settled: settleAmounts(parts, balance, terms, method, money), terms };
}
