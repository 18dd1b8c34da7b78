import { ERROR_CODES } from '@meterline/contract/errors';
import { fieldError, forbidden } from '../../lib/http-errors';
import type { ServiceContext } from '../../scope/service-scope';

/**
 * Collectors' rules on `create_payment` (docs/collectors.md), checked before anything else of the body: the
 * tenant setting must be on, the method cash, and never a reversal. Answers who holds the cash:
 * the collector who took it, or null for the office.
 */
export function collectorHolder(
  context: ServiceContext,
  input: { method: string; reverses?: number | null },
  isReversal: boolean,
): number | null {
  if (context.actor.role !== 'collector') return null;
  if (!context.terms.collectorsTakePayments) throw forbidden(ERROR_CODES.collectorPaymentsOff);
  if (isReversal || input.reverses) throw forbidden(ERROR_CODES.collectorCannotReverse);
  if (input.method !== 'cash') throw fieldError('method', ERROR_CODES.collectorCashOnly);
  return context.actor.userId;
}
