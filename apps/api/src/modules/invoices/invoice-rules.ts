import type { InvoiceStatus } from '@meterline/contract/invoices';

/**
 * The invoice's own rules, pure (no database): its status from the amounts, whether it is overdue
 * on a day, and the shape of its number. The repository, the services and the seed all read them
 * from here.
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

/** `INV-2026-000042`: the tenant's prefix, the year of issue, the sequence padded to six digits. */
export function formatInvoiceNumber(prefix: string, year: string, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(6, '0')}`;
}
