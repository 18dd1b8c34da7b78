/**
 * Collectors' cash per currency (docs/collectors.md, "Cash per currency"): the notes a payment left in
 * the collector's hand, per currency, and how a count's differences read. Pure, over integer minor units.
 */
import type { TenderPart } from './currency-payments';

/** A payment's tender as stored: the parts handed over and the change, offered in both currencies. */
export interface CashTender {
  parts: TenderPart[];
  billingCurrency: string;
  /** Change in the billing currency (its cash step). */
  changeBilling: bigint;
  secondCurrency: string | null;
  /** The same change in the second currency (its cash step); null without one. */
  changeSecond: bigint | null;
}

/** Minor units per currency, in the order currencies were first added. */
export type CashByCurrency = Map<string, bigint>;

export function addCash(into: CashByCurrency, parts: readonly TenderPart[], sign: 1n | -1n = 1n): CashByCurrency {
  for (const part of parts) into.set(part.currency, (into.get(part.currency) ?? 0n) + sign * part.minor);
  return into;
}

/**
 * The currency the change is deemed given in: the billing currency when the billing notes handed
 * over cover it, else the second currency when its notes cover its change, else the billing
 * currency. So cash paid in lira alone gets its change in lira, and a few dollars with many lira
 * get theirs out of the lira; the tender only records the change as two alternatives.
 */
export function changeCurrencyOf(tender: CashTender): 'billing' | 'second' {
  const tenderedIn = (currency: string) =>
    tender.parts.filter((part) => part.currency === currency).reduce((sum, part) => sum + part.minor, 0n);
  if (tenderedIn(tender.billingCurrency) >= tender.changeBilling) return 'billing';
  if (tender.secondCurrency !== null && tender.changeSecond !== null && tenderedIn(tender.secondCurrency) >= tender.changeSecond)
    return 'second';
  return 'billing';
}

/**
 * The cash a collector's payment left in their hand, per currency: without a tender its amount in the
 * billing currency; with one, the parts handed over minus the change given back (`changeCurrencyOf`).
 */
export function cashOfPayment(amount: bigint, billingCurrency: string, tender: CashTender | null): CashByCurrency {
  if (tender === null) return new Map([[billingCurrency, amount]]);
  const cash = addCash(new Map(), tender.parts);
  const inSecond = changeCurrencyOf(tender) === 'second' && tender.secondCurrency !== null && tender.changeSecond !== null;
  const change: TenderPart = inSecond
    ? { currency: tender.secondCurrency!, minor: tender.changeSecond! }
    : { currency: tender.billingCurrency, minor: tender.changeBilling };
  if (change.minor !== 0n) addCash(cash, [change], -1n);
  return cash;
}

/**
 * The currencies a cash figure lists, in a fixed order: the tenant's (billing, then second), then any
 * other that holds money (a former second currency), alphabetically.
 */
export function cashCurrencies(tenantCurrencies: readonly string[], ...figures: CashByCurrency[]): string[] {
  const others = new Set<string>();
  for (const figure of figures)
    for (const [currency, minor] of figure) if (minor !== 0n && !tenantCurrencies.includes(currency)) others.add(currency);
  return [...tenantCurrencies, ...[...others].sort()];
}

export type CashDifferenceKind = 'exact' | 'shortage' | 'surplus';

/**
 * A count's kind over its currencies: `shortage` when any currency is short (what the office chases),
 * else `surplus` when any is over, else `exact`. Each currency keeps its own kind beside it.
 */
export function overallKindOf(differences: readonly bigint[]): CashDifferenceKind {
  if (differences.some((difference) => difference < 0n)) return 'shortage';
  return differences.some((difference) => difference > 0n) ? 'surplus' : 'exact';
}
