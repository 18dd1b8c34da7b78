/** What other modules may use of `idempotency`: they import it from here, never from its files. */
export type { Idempotency, IdempotencyTicket } from './idempotency';
export type { ClaimStatement } from './idempotency.repository';
