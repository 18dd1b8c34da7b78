/**
 * An account payment's money (docs/accounts.md): `amount` in the billing currency, or `amounts`
 * handed over in one or both of the tenant's currencies.
 */
import { settlePayment, type CurrencyTerms, type PaymentSettlement, type TenderPart } from '@meterline/contract/currency-payments';
import type { Allocation } from '@meterline/contract/account-rules';
import { ERROR_CODES } from '@meterline/contract/errors';
import { formatMoneyAmount } from '@meterline/contract/money';
import type { z } from 'zod';
import type { createAccountPaymentInputSchema } from '@meterline/contract/account';
import { parseDecimalField } from '../../lib/decimal-input';
import { conflict, fieldError } from '../../lib/http-errors';
import type { ServiceContext } from '../../scope/service-scope';
import { currencyTermsOf } from '../invoices/index';
import { parseAmounts } from '../payments/index';

/** The month whose rate converts `amounts` received on `paidOn`: the rate is the tenant's for it, else the latest before it. */
export function rateMonthOf(paidOn: string): string {
  return `${paidOn.slice(0, 7)}-01`;
}

/** `amount` parsed (null with `amounts`); one of the two, never both. */
export function givenAmountOf(input: z.output<typeof createAccountPaymentInputSchema>, decimals: number, maxDigits: number): bigint | null {
  if (input.amounts && input.amount !== undefined) throw fieldError('amounts', ERROR_CODES.amountsWithAmount);
  if (!input.amounts && input.amount === undefined) throw fieldError('amount', ERROR_CODES.required);
  return input.amount === undefined ? null : parseDecimalField('amount', input.amount, decimals, { maxDigits, allowZero: false });
}

/**
 * `amounts` of an account payment: converted to the billing currency at the rate of the month the
 * money is received (the tenant's rate for that month, else the latest before it, as a bill of
 * that month would take, read with the account's lock: `rateMonthOf`). In cash, what exceeds the open invoices is change in both currencies
 * (the payment is what they take); another method keeps the whole as the payment, its rest
 * becoming credit like `amount` (docs/accounts.md).
 */
export function tenderOf(
  context: ServiceContext,
  amounts: { currency: string; amount: string }[],
  owed: bigint,
  method: string,
  rate: { rate: string; baseCurrency: string } | null,
): { parts: TenderPart[]; settled: PaymentSettlement; terms: CurrencyTerms } {
  const second = context.terms.secondCurrency;
  const terms = currencyTermsOf(
    context.terms,
    rate && second ? { currency: second, rate: rate.rate, baseCurrency: rate.baseCurrency } : null,
  );
  const parts = parseAmounts(amounts, terms);
  const settled = settlePayment(parts, method === 'cash' ? owed : 0n, terms);
  if ('kind' in settled) {
    if (settled.kind === 'exchange_rate_missing')
      throw conflict(ERROR_CODES.exchangeRateMissing, { currency: second ?? '', billing: terms.billingCurrency });
    throw fieldError(`amounts.${settled.index}.currency`, ERROR_CODES.currencyNotAccepted, { currencies: terms.billingCurrency });
  }
  if (method === 'cash') return { parts, settled, terms };
  // Not cash: nothing is given back; what the invoices do not take becomes credit.
  return {
    parts,
    terms,
    settled: {
      received: settled.received,
      applied: settled.received,
      changeBilling: 0n,
      changeSecond: settled.changeSecond === null ? null : 0n,
    },
  };
}

/** The `allocations` asked for, parsed (a negative one is refused by `allocatePayment` on its field). */
export function requestedAllocationsOf(
  input: z.output<typeof createAccountPaymentInputSchema>,
  decimals: number,
  maxDigits: number,
): Allocation[] | undefined {
  return input.allocations?.map((allocation, index) => ({
    invoiceId: allocation.invoice,
    amount: parseDecimalField(`allocations.${index}.amount`, allocation.amount, decimals, { maxDigits, allowNegative: true }),
  }));
}

/**
 * What the payment spreads over the invoices and credit: `amount`, or what the tender pays (in cash
 * at most the open invoices, the rest being change); nothing at all (cash, nothing open) is a 400.
 */
export function accountMoneyOf(
  context: ServiceContext,
  values: {
    input: z.output<typeof createAccountPaymentInputSchema>;
    given: bigint | null;
    candidates: { balanceDue: bigint }[];
    rate: { rate: string; baseCurrency: string } | null;
  },
): { amount: bigint; tender: ReturnType<typeof tenderOf> | null } {
  const { input, given, candidates, rate } = values;
  const owed = candidates.reduce((sum, invoice) => sum + invoice.balanceDue, 0n);
  const tender = input.amounts ? tenderOf(context, input.amounts, owed, input.method, rate) : null;
  const amount = tender ? tender.settled.applied : (given ?? 0n);
  if (amount <= 0n) {
    const money = (value: bigint) => formatMoneyAmount(value, context.terms.decimals);
    throw fieldError('amounts', ERROR_CODES.overpay, { amount: money(tender?.settled.received ?? 0n), balance: money(owed) });
  }
  return { amount, tender };
}
