/**
 * A customer's account: spreading one payment over open invoices, the ledger's running balance
 * and the ageing of what is owed. Pure functions over minor units (bigint), shared by the API
 * (which decides) and the web app (which previews what a payment will do).
 */

export interface OpenInvoice {
  id: number;
  /** `YYYY-MM-DD` */
  issuedOn: string;
  /** `YYYY-MM-DD` */
  dueOn: string;
  balanceDue: bigint;
}

export interface Allocation {
  invoiceId: number;
  amount: bigint;
}

export type AllocationProblem =
  | { code: 'allocation_unknown_invoice'; invoiceId: number }
  | { code: 'allocation_duplicate_invoice'; invoiceId: number }
  | { code: 'allocation_not_positive'; invoiceId: number }
  | { code: 'allocation_exceeds_balance'; invoiceId: number; balanceDue: bigint }
  | { code: 'allocations_exceed_amount'; total: bigint; amount: bigint };

export type AllocationResult = { ok: true; allocations: Allocation[]; credit: bigint } | { ok: false; problem: AllocationProblem };

/** Oldest first: the earliest due date, then the earliest issue, then the lowest id. */
export function compareOldestFirst(a: OpenInvoice, b: OpenInvoice): number {
  if (a.dueOn !== b.dueOn) return a.dueOn < b.dueOn ? -1 : 1;
  if (a.issuedOn !== b.issuedOn) return a.issuedOn < b.issuedOn ? -1 : 1;
  return a.id - b.id;
}

/**
 * Spreads a payment over the customer's open invoices: to the ones named in `requested`, exactly
 * as asked, or else to the oldest first; what is left becomes the customer's credit.
 */
export function allocatePayment(amount: bigint, openInvoices: OpenInvoice[], requested?: Allocation[]): AllocationResult {
  if (requested && requested.length > 0) {
    const byId = new Map(openInvoices.map((invoice) => [invoice.id, invoice]));
    const seen = new Set<number>();
    let total = 0n;
    for (const allocation of requested) {
      const invoice = byId.get(allocation.invoiceId);
      if (!invoice) return { ok: false, problem: { code: 'allocation_unknown_invoice', invoiceId: allocation.invoiceId } };
      if (seen.has(allocation.invoiceId))
        return { ok: false, problem: { code: 'allocation_duplicate_invoice', invoiceId: allocation.invoiceId } };
      seen.add(allocation.invoiceId);
      if (allocation.amount <= 0n) return { ok: false, problem: { code: 'allocation_not_positive', invoiceId: allocation.invoiceId } };
      if (allocation.amount > invoice.balanceDue) {
        return {
          ok: false,
          problem: { code: 'allocation_exceeds_balance', invoiceId: allocation.invoiceId, balanceDue: invoice.balanceDue },
        };
      }
      total += allocation.amount;
    }
    if (total > amount) return { ok: false, problem: { code: 'allocations_exceed_amount', total, amount } };
    return { ok: true, allocations: requested.map((allocation) => ({ ...allocation })), credit: amount - total };
  }
  const allocations: Allocation[] = [];
  let left = amount;
  for (const invoice of [...openInvoices].sort(compareOldestFirst)) {
    if (left === 0n) break;
    if (invoice.balanceDue <= 0n) continue;
    const paid = invoice.balanceDue < left ? invoice.balanceDue : left;
    allocations.push({ invoiceId: invoice.id, amount: paid });
    left -= paid;
  }
  return { ok: true, allocations, credit: left };
}

export const LEDGER_KINDS = ['invoice', 'payment', 'reversal', 'credit_note', 'credit_applied', 'credit_refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerMovement {
  /** `YYYY-MM-DD` on the tenant's calendar */
  date: string;
  kind: LedgerKind;
  reference: string;
  /** What the movement adds to what the customer owes: an invoice is positive, a payment negative. */
  amount: bigint;
  /** Orders movements of one day: the order they were written in. */
  sequence: number;
}

export interface LedgerEntry extends LedgerMovement {
  balance: bigint;
}

export interface Ledger {
  openingBalance: bigint;
  entries: LedgerEntry[];
  closingBalance: bigint;
}

/**
 * The statement of account between two dates (inclusive, either may be open): the balance before
 * the first day, every movement of the period in date order with the running balance, and the
 * balance after the last one. A negative balance is credit in the customer's favour.
 */
export function buildLedger(movements: LedgerMovement[], dateFrom?: string, dateTo?: string): Ledger {
  const sorted = [...movements].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.sequence - b.sequence));
  let balance = 0n;
  let openingBalance = 0n;
  const entries: LedgerEntry[] = [];
  for (const movement of sorted) {
    if (dateTo !== undefined && movement.date > dateTo) break;
    balance += movement.amount;
    if (dateFrom !== undefined && movement.date < dateFrom) {
      openingBalance = balance;
      continue;
    }
    entries.push({ ...movement, balance });
  }
  return { openingBalance, entries, closingBalance: balance };
}

export const AGEING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Which bucket an invoice's balance falls in on `today`: by days past its due date. */
export function ageingBucketOf(dueOn: string, today: string): AgeingBucket {
  const overdue = daysBetween(dueOn, today);
  if (overdue <= 0) return 'current';
  if (overdue <= 30) return 'days_1_30';
  if (overdue <= 60) return 'days_31_60';
  if (overdue <= 90) return 'days_61_90';
  return 'days_over_90';
}

/** What the customer owes, by how long it has been due. */
export function ageBalances(openInvoices: OpenInvoice[], today: string): Record<AgeingBucket, bigint> {
  const buckets = Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, 0n])) as Record<AgeingBucket, bigint>;
  for (const invoice of openInvoices) {
    if (invoice.balanceDue > 0n) buckets[ageingBucketOf(invoice.dueOn, today)] += invoice.balanceDue;
  }
  return buckets;
}
