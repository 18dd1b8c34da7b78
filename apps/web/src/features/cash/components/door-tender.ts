import { pairOf, settlePayment, type CurrencyTerms, type PaymentSettlement, type TenderPart } from '@meterline/contract/currency-payments';
import { toBillingCurrency, toSecondCurrency, type CurrencyPair } from '@meterline/contract/tariff-pricing';

/** An invoice at the door: its balance (minor units) and its currencies at its own rate. */
export interface DoorInvoice {
  id: number;
  balance: bigint;
  terms: CurrencyTerms;
}

/** What one invoice receives of the notes: its `amounts`, settled as the server will settle them. */
export interface DoorShare {
  invoiceId: number;
  parts: TenderPart[];
  settled: PaymentSettlement;
}

export interface DoorSplit {
  shares: DoorShare[];
  received: bigint;
  applied: bigint;
  changeBilling: bigint;
  changeSecond: bigint | null;
}

/** The second currency's amount that pays `billing` at the pair's rate: its conversion, raised while it falls short. */
function secondCovering(billing: bigint, pair: CurrencyPair): bigint {
  let minor = toSecondCurrency(billing, pair);
  for (let step = 0; step < 10_000 && toBillingCurrency(minor, pair) < billing; step += 1) minor += 1n;
  return minor;
}

/**
 * Spreads the notes handed over at the door over the invoices, oldest first (docs/collectors.md):
 * each invoice takes the billing currency's notes first, then the second currency's amount that pays
 * the rest of it at the invoice's own rate (the rate the server converts that payment at); the
 * last invoice takes whatever is left, so the change (in both currencies) is counted once, on it.
 * Null when nothing is handed over or a second currency has no rate on an invoice it would pay.
 */
export function splitDoorTender(parts: TenderPart[], invoices: DoorInvoice[], billingCurrency: string): DoorSplit | null {
  let billingLeft = parts.filter((part) => part.currency === billingCurrency).reduce((sum, part) => sum + part.minor, 0n);
  const secondPart = parts.find((part) => part.currency !== billingCurrency);
  let secondLeft = secondPart?.minor ?? 0n;
  const shares: DoorShare[] = [];
  for (const [index, invoice] of invoices.entries()) {
    if (billingLeft <= 0n && secondLeft <= 0n) break;
    const isLast = index === invoices.length - 1;
    const billing = isLast || billingLeft < invoice.balance ? billingLeft : invoice.balance;
    const rest = invoice.balance - (billing < invoice.balance ? billing : invoice.balance);
    let second = 0n;
    if (secondPart && secondLeft > 0n && (isLast || rest > 0n)) {
      const pair = pairOf(invoice.terms);
      if (!pair) return null;
      const covering = isLast ? secondLeft : secondCovering(rest, pair);
      second = covering < secondLeft ? covering : secondLeft;
    }
    billingLeft -= billing;
    secondLeft -= second;
    const shareParts: TenderPart[] = [
      ...(billing > 0n ? [{ currency: billingCurrency, minor: billing }] : []),
      ...(secondPart && second > 0n ? [{ currency: secondPart.currency, minor: second }] : []),
    ];
    if (!shareParts.length) continue;
    const settled = settlePayment(shareParts, invoice.balance, invoice.terms);
    if ('kind' in settled) return null;
    shares.push({ invoiceId: invoice.id, parts: shareParts, settled });
  }
  if (!shares.length) return null;
  const sum = (pick: (settled: PaymentSettlement) => bigint) => shares.reduce((total, share) => total + pick(share.settled), 0n);
  const seconds = shares.map((share) => share.settled.changeSecond);
  return {
    shares,
    received: sum((settled) => settled.received),
    applied: sum((settled) => settled.applied),
    changeBilling: sum((settled) => settled.changeBilling),
    changeSecond: seconds.every((value) => value === null) ? null : seconds.reduce<bigint>((total, value) => total + (value ?? 0n), 0n),
  };
}
