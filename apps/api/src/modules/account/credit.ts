import type { Tx } from '../../db/client';
import { recordAudit } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { addToCustomerCredit, findCustomerRow } from '../customers/index';
import { updateInvoiceRow, statusFor } from '../invoices/index';
import { insertPayment } from '../payments/index';
import type { ServiceContext } from '../../scope/service-scope';
import { CREDIT_APPLIED_METHOD, insertCreditMovement } from './account.repository';

/** The reference of the payments row that settles part of an invoice out of the customer's credit. */
export const CREDIT_APPLIED_REFERENCE = 'credit applied';

/**
 * Applies the customer's credit to an invoice just created (single invoice and billing run): a
 * payments row "credit applied" of min(credit, total), the invoice's paid amount and status, the
 * credit lowered. The balance does not move: credit already counted in it. The caller holds the
 * customer's row lock (every invoice writer takes it first).
 */
export async function applyCustomerCredit(
  tx: Tx,
  context: ServiceContext,
  audit: AuditContext,
  invoice: { id: number; customerId: number; total: bigint; amountPaid: bigint },
  now: Date,
): Promise<bigint> {
  const { scope } = context;
  const customer = await findCustomerRow(tx, scope, invoice.customerId);
  const open = invoice.total - invoice.amountPaid;
  if (!customer || customer.credit <= 0n || open <= 0n) return 0n;
  const applied = customer.credit < open ? customer.credit : open;
  const payment = await insertPayment(tx, {
    tenantId: scope.tenantId,
    serviceId: scope.serviceId,
    invoiceId: invoice.id,
    customerId: invoice.customerId,
    amount: applied,
    method: CREDIT_APPLIED_METHOD,
    reference: CREDIT_APPLIED_REFERENCE,
    paidAt: now,
    receivedBy: null,
  });
  const amountPaid = invoice.amountPaid + applied;
  await updateInvoiceRow(tx, scope, invoice.id, { amountPaid, status: statusFor(invoice.total, amountPaid) });
  await addToCustomerCredit(tx, scope.tenantId, invoice.customerId, -applied);
  await insertCreditMovement(tx, {
    tenantId: scope.tenantId,
    serviceId: scope.serviceId,
    customerId: invoice.customerId,
    kind: 'applied',
    amount: -applied,
    invoiceId: invoice.id,
    createdAt: now,
    createdBy: context.actor.userId,
  });
  await recordAudit(tx, audit, {
    action: 'apply_credit',
    entity: 'payment',
    entityId: payment.id,
    after: { ...payment, invoice: { id: invoice.id, amount_paid: amountPaid } },
  });
  return applied;
}
