import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentTenders } from '../../db/schema/index';
import type { PaymentTenderRow } from '../invoices/index';

/** What the payment tendered, in one or both currencies (`payment_tenders`); null for a payment taken with `amount`. */
export async function findPaymentTender(executor: Executor, tenantId: number, paymentId: number): Promise<PaymentTenderRow | null> {
  const [row] = await executor
    .select()
    .from(paymentTenders)
    .where(and(eq(paymentTenders.tenantId, tenantId), eq(paymentTenders.paymentId, paymentId)));
  return row ?? null;
}
