/**
 * A payment handed over in the billing currency, the second one, or both: what it pays and what
 * goes back. Pure, over integer minor units; built on the conversions of `tariff-pricing.ts`.
 */
import { formatScaled, parseScaled } from './money-format';
import { roundToCashStep, settleTender, toSecondCurrency, type CurrencyPair, EXCHANGE_RATE_SCALE } from './tariff-pricing';

/** Rounds up to the cash step: the amount to ask for in cash so it always covers the balance. */
export function roundUpToCashStep(minor: bigint, step: bigint): bigint {
  if (step <= 1n || minor <= 0n) return minor <= 0n ? 0n : minor;
  return ((minor + step - 1n) / step) * step;
}

export interface TenderPart {
  currency: string;
  /** Minor units of that currency, positive. */
  minor: bigint;
}

export interface CurrencyTerms {
  billingCurrency: string;
  billingDecimals: number;
  secondCurrency: string | null;
  secondDecimals: number | null;
  /** The invoice's rate (10^6), null when it has none: units of the other currency for one unit of `rateBase`. */
  rate: bigint | null;
  /** The currency one unit of which the rate is quoted for: the billing or the second currency's code. */
  rateBase: string;
  /** Cash step per currency, minor units of that currency. */
  cashSteps: Record<string, bigint>;
}

export interface PaymentSettlement {
  /** Everything tendered, in the billing currency. */
  received: bigint;
  /** What pays the invoice (never more than the balance). */
  applied: bigint;
  /** Change in the billing currency, rounded to its cash step. */
  changeBilling: bigint;
  /** The same change in the second currency, rounded to its cash step; null without a second currency. */
  changeSecond: bigint | null;
}

export type SettlementProblem = { kind: 'currency_not_accepted'; index: number } | { kind: 'exchange_rate_missing'; index: number };

export function pairOf(terms: CurrencyTerms): CurrencyPair | null {
  if (terms.secondCurrency === null || terms.secondDecimals === null || terms.rate === null || terms.rate <= 0n) return null;
  return {
    billingDecimals: terms.billingDecimals,
    secondDecimals: terms.secondDecimals,
    rate: terms.rate,
    base: terms.rateBase === terms.secondCurrency ? 'second' : 'billing',
  };
}

/**
 * Settles the parts against the balance at the invoice's rate. Each part in the second currency is
 * converted on its own, half-up to the billing currency's minor unit; what exceeds the balance is
 * change, offered in both currencies, each rounded half-up to its cash step.
 */
export function settlePayment(parts: TenderPart[], balance: bigint, terms: CurrencyTerms): PaymentSettlement | SettlementProblem {
  const pair = pairOf(terms);
  const tendered = [];
  for (const [index, part] of parts.entries()) {
    if (part.currency === terms.billingCurrency) tendered.push({ currency: 'billing' as const, minor: part.minor });
    else if (terms.secondCurrency !== null && part.currency === terms.secondCurrency) {
      if (!pair) return { kind: 'exchange_rate_missing', index };
      tendered.push({ currency: 'second' as const, minor: part.minor });
    } else return { kind: 'currency_not_accepted', index };
  }
  const settled = settleTender(
    tendered,
    balance < 0n ? 0n : balance,
    pair,
    terms.secondCurrency ? (terms.cashSteps[terms.secondCurrency] ?? 1n) : 1n,
  );
  return {
    received: settled.receivedBilling,
    applied: settled.appliedBilling,
    changeBilling: roundToCashStep(settled.changeBilling, terms.cashSteps[terms.billingCurrency] ?? 1n),
    changeSecond: settled.changeSecond,
  };
}

/** An amount of the billing currency in the second one (half-up to its minor unit), or null. */
export function inSecondCurrency(billingMinor: bigint, terms: CurrencyTerms): bigint | null {
  const pair = pairOf(terms);
  return pair ? toSecondCurrency(billingMinor, pair) : null;
}

/** The balance to ask for in the second currency's cash: converted, then rounded up to its cash step. */
export function cashDueInSecond(balanceMinor: bigint, terms: CurrencyTerms): bigint | null {
  const converted = inSecondCurrency(balanceMinor, terms);
  if (converted === null || terms.secondCurrency === null) return null;
  return roundUpToCashStep(converted, terms.cashSteps[terms.secondCurrency] ?? 1n);
}

/** How a rate reads: "1 USD = 89,500 LBP" is `{ base: 'USD', quote: 'LBP' }`. */
export function rateSides(billingCurrency: string, secondCurrency: string, base: string | null): { base: string; quote: string } {
  return base === secondCurrency ? { base: secondCurrency, quote: billingCurrency } : { base: billingCurrency, quote: secondCurrency };
}

/** A rate as stored ("89500.000000") to its scaled integer (10^6). */
export function parseRate(text: string): bigint {
  return parseScaled(text, EXCHANGE_RATE_SCALE) ?? 0n;
}

export function formatRate(rate: bigint): string {
  return formatScaled(rate, EXCHANGE_RATE_SCALE);
}
