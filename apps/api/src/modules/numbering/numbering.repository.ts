import { eq, sql } from 'drizzle-orm';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { receiptCounters, settings } from '../../db/schema/index';
import { formatCreditNoteNumber, formatInvoiceNumber } from './number-formats';

/**
 * Every gapless number of a tenant (invoice, credit note, receipt) is made here, one way: a single
 * statement adds to the series' counter row and returns where it ended. The row stays locked until
 * the caller's transaction ends, so concurrent writers of the same series queue, and a rollback gives
 * the numbers back (no gap). Each series has its own row, so a receipt never waits for an invoice.
 *
 * Counters: invoices and credit notes on the tenant's settings row (`last_invoice_number`,
 * `last_credit_note_number`), receipts in `receipt_counters` (created on the tenant's first receipt).
 */
async function advance(
  executor: Executor,
  tenantId: number,
  series: 'invoice' | 'credit_note' | 'receipt',
  count: number,
): Promise<{ last: number; prefix: string }> {
  if (series === 'receipt') {
    const row = first(
      await executor
        .insert(receiptCounters)
        .values({ tenantId, lastNumber: count })
        .onConflictDoUpdate({ target: receiptCounters.tenantId, set: { lastNumber: sql`${receiptCounters.lastNumber} + ${count}` } })
        .returning({ last: receiptCounters.lastNumber }),
      'the receipt counter row',
    );
    return { last: Number(row.last), prefix: '' };
  }
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

/** The next receipt number of the tenant (receipts are numbered 1, 2, 3… with no year). */
export async function takeReceiptNumber(executor: Executor, tenantId: number): Promise<number> {
  return (await advance(executor, tenantId, 'receipt', 1)).last;
}
