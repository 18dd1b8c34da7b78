import type { InvoiceStatus } from '@meterline/contract/invoices';

/**
 * The invoice's own rules, pure (no database): its status from the amounts and whether it is
 * overdue on a day (its number is made in modules/numbering). The repository, the services and the
 * seed all read them from here.
 */

/** Status from the amounts: `paid` exactly when nothing is left to pay. */
export function statusFor(total: bigint, amountPaid: bigint): InvoiceStatus {
  if (amountPaid >= total) return 'paid';
  return amountPaid === 0n ? 'unpaid' : 'partially_paid';
}

/** Overdue: still owed (unpaid or partly paid) and its due date is before `today` (ISO dates). */
export function isOverdue(row: { status: string; dueOn: string }, today: string): boolean {
  return (row.status === 'unpaid' || row.status === 'partially_paid') && row.dueOn < today;
}
