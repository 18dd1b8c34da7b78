import { BILLING_ERROR_CODES } from '@meterline/contract/billing-common';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/http-errors';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { addToCustomerBalance } from '../customers/index';
import type { ServiceContext } from '../../scope/service-scope';
import { findInvoiceRow, updateInvoiceRow } from './invoices.repository';

/** Cancels while nothing is paid: the number stays taken (gapless), the period is free again. */
export async function cancelInvoice(
  deps: { clock: Clock },
  context: ServiceContext,
  invoiceId: number,
  reason: string,
  audit: AuditContext,
): Promise<void> {
  const { db, scope } = context;
  await db.transaction(async (tx) => {
    const invoice = await findInvoiceRow(tx, scope, invoiceId, { lock: true });
    if (!invoice) throw notFound();
    if (invoice.status === 'cancelled') throw conflict(BILLING_ERROR_CODES.invoiceCancelled);
    if (invoice.amountPaid !== 0n) {
      throw conflict(BILLING_ERROR_CODES.invoiceHasPayments);
    }
    const after = await updateInvoiceRow(tx, scope, invoiceId, {
      status: 'cancelled',
      cancelledAt: deps.clock.now(),
      cancelReason: reason,
    });
    await addToCustomerBalance(tx, scope.tenantId, invoice.customerId, -invoice.total);
    await recordAudit(tx, audit, { action: 'cancel', entity: 'invoice', entityId: invoiceId, before: invoice, after });
  });
}
