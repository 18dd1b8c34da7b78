import type { LedgerMovement } from '@meterline/contract/account-rules';
import { CREDIT_APPLIED_METHOD, CREDIT_NOTE_METHOD, type findAccountMovements } from './account.repository';

/** Methods of payments rows that move money inside the account (not money received). */
export const ACCOUNT_PAYMENT_METHODS: readonly string[] = [CREDIT_APPLIED_METHOD, CREDIT_NOTE_METHOD];

interface AccountMovement extends LedgerMovement {
  at: number;
  invoice: number | null;
  payment: number | null;
}

/**
 * The ledger's lines of the account (docs/accounts.md): a payment of the account for its whole amount,
 * a credit note for its total, a credit refund raising the balance, and credit applied to an
 * invoice as a line of zero (the money was counted when it was paid). Credit applied sorts right
 * after the invoice it settles (same instant).
 */
export function accountLedgerMovements(account: Awaited<ReturnType<typeof findAccountMovements>>): AccountMovement[] {
  return [
    ...account.paymentRows.map((row) => ({
      date: row.on,
      kind: 'payment' as const,
      reference: row.reference || `#A${row.id}`,
      amount: -row.amount,
      at: row.at.getTime(),
      invoice: null,
      payment: null,
      sequence: 0,
    })),
    ...account.noteRows.map((row) => ({
      date: row.on,
      kind: 'credit_note' as const,
      reference: row.number,
      amount: -row.total,
      at: row.at.getTime(),
      invoice: row.invoiceId,
      payment: null,
      sequence: 0,
    })),
    ...account.movementRows.map((row) => ({
      date: row.on,
      kind: row.kind === 'refund' ? ('credit_refund' as const) : ('credit_applied' as const),
      reference: row.kind === 'refund' ? `#R${row.id}` : (row.invoiceNumber ?? ''),
      amount: row.kind === 'refund' ? -row.amount : 0n,
      // Half a millisecond after the invoice created in the same instant.
      at: row.at.getTime() + (row.kind === 'applied' ? 0.5 : 0),
      invoice: row.invoiceId,
      payment: null,
      sequence: 0,
    })),
  ];
}
