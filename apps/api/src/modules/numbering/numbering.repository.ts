import { eq, sql } from 'drizzle-orm';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema/index';
import { selectRows } from '../../scope/codes';
import { formatCreditNoteNumber, formatInvoiceNumber } from './number-formats';

/**
 * Every gapless number of a tenant (invoice, credit note, receipt) is made here, one way: a single
 * statement adds to the series' counter row and returns where it ended (for a receipt, the same
 * statement also stores it). The row stays locked until
 * the caller's transaction ends, so concurrent writers of the same series queue, and a rollback gives
 * the numbers back (no gap). Each series has its own row, so a receipt never waits for an invoice.
 *
 * Counters: invoices and credit notes on the tenant's settings row (`last_invoice_number`,
 * `last_credit_note_number`), receipts in `receipt_counters` (created on the tenant's first receipt).
 */
async function advance(
  executor: Executor,
  tenantId: number,
  series: 'invoice' | 'credit_note',
  count: number,
): Promise<{ last: number; prefix: string }> {
  const column = series === 'invoice' ? settings.lastInvoiceNumber : settings.lastCreditNoteNumber;
  const [row] = await executor
    .update(settings)
    .set(series === 'invoice' ? { lastInvoiceNumber: sql`${column} + ${count}` } : { lastCreditNoteNumber: sql`${column} + ${count}` })
    .where(eq(settings.tenantId, tenantId))
    .returning({ last: column, prefix: settings.invoicePrefix });
  if (!row) throw new Error(`Tenant ${tenantId} has no settings row`);
  return { last: Number(row.last), prefix: row.prefix || 'INV' };
}

/** The next `count` invoice numbers of the tenant, in order, for invoices issued in `year`. */
export async function takeInvoiceNumbers(executor: Executor, tenantId: number, year: string, count: number): Promise<string[]> {
  if (count <= 0) return [];
  const { last, prefix } = await advance(executor, tenantId, 'invoice', count);
  return Array.from({ length: count }, (_, position) => formatInvoiceNumber(prefix, year, last - count + 1 + position));
}

/** The next invoice number of the tenant, for an invoice issued in `year`. */
export async function takeInvoiceNumber(executor: Executor, tenantId: number, year: string): Promise<string> {
  return first(await takeInvoiceNumbers(executor, tenantId, year, 1), 'an invoice number');
}

/** The next credit note number of the tenant, for a credit note issued in `year`. */
export async function takeCreditNoteNumber(executor: Executor, tenantId: number, year: string): Promise<string> {
  const { last } = await advance(executor, tenantId, 'credit_note', 1);
  return formatCreditNoteNumber(year, last);
}

/**
 * The payment's receipt with the tenant's next receipt number (1, 2, 3… with no year). The counter's
 * upsert and the receipt row are one statement, the last before the commit: every payment of a
 * tenant queues on the counter row, so it is held for one round trip at most. The statement is the
 * database function `meterline_take_receipt_number` (migration 0029), the one way a receipt number is
 * taken: a mark-paid takes it inside `meterline_record_payment`, in its one write (docs/money-and-numbering.md).
 * `payment_receipts` is the receipt series' register (one number per payment); other modules only read it.
 */
export async function issueReceipt(tx: Executor, tenantId: number, paymentId: number, issuedAt: Date): Promise<number> {
  const row = first(
    await selectRows<{ number: string }>(
      tx,
      sql`select meterline_take_receipt_number(${tenantId}::int, ${paymentId}::int, ${issuedAt.toISOString()}::timestamptz)::text as number`,
    ),
    'the receipt counter row',
  );
  return Number(row.number);
}
