/** What other modules may use of `account`: they import it from here, never from its files. */
export { ACCOUNT_PAYMENT_METHODS, accountLedgerMovements } from './account-ledger';
export { findAccountMovements } from './account.repository';
