import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@meterline/contract/errors';
import type { Executor } from '../../db/client';
import { paymentReceipts } from '../../db/schema/index';
import { fieldError, forbidden } from '../../lib/http-errors';
import { selectRows } from '../services/codes';
import type { ServiceContext } from '../services/service-scope';
import { first } from '@meterline/contract/invariant';

/**
 * Collectors' rules on `create_payment` (issue 19), checked before anything else of the body: the
 * tenant setting must be on, the method cash, and never a reversal. Answers who holds the cash:
 * the collector who took it, or null for the office.
 */
export function collectorHolder(context: ServiceContext, input: { method: string; reverses?: number | null }, isReversal: boolean): number | null {
  if (context.actor.role !== 'collector') return null;
  if (!context.terms.collectorsTakePayments) throw forbidden(ERROR_CODES.collectorPaymentsOff);
  if (isReversal || input.reverses) throw forbidden(ERROR_CODES.collectorCannotReverse);
  if (input.method !== 'cash') throw fieldError('method', ERROR_CODES.collectorCashOnly);
  return context.actor.userId;
}

/**
 * The next receipt number of the tenant, gapless: the counter row is incremented in the caller's
 * transaction (its row lock queues concurrent payments; a rollback gives the number back).
 */
export async function issueReceiptNumber(tx: Executor, tenantId: number, paymentId: number, issuedAt: Date): Promise<number> {
  const row = first(await selectRows<{ last_number: string }>(
    tx,
    sql`insert into receipt_counters as c (tenant_id, last_number) values (${tenantId}, 1)
        on conflict (tenant_id) do update set last_number = c.last_number + 1
        returning c.last_number::text as last_number`,
  ), 'the receipt counter row');
  const number = Number(row.last_number);
  await tx.insert(paymentReceipts).values({ tenantId, paymentId, number, issuedAt });
  return number;
}
