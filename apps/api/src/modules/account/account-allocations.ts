import type { AccountPayment } from '@meterline/contract/account';
import type { Allocation } from '@meterline/contract/account-rules';
import { defined } from '@meterline/contract/invariant';
import { formatMoneyAmount } from '@meterline/contract/money';
import { auditColumnsOf } from '../audit/index';
import type { AuditContext } from '../../plugins/request-context';
import { statusFor, type PaymentRow } from '../invoices/index';
import type { ServiceContext } from '../../scope/service-scope';
import type { AccountPaymentRow } from './account.repository';

/**
 * An account payment's allocations as rows (one write, `recordAccountPayment`): each a payments row
 * (its id taken by the read, in allocation order), its invoice's amount paid and status, its audit row
 * and its line of the answer.
 */
export function paymentsOfAllocations(
  context: ServiceContext,
  audit: AuditContext,
  values: {
    accountPayment: AccountPaymentRow;
    allocations: Allocation[];
    candidates: { id: number; number: string; total: bigint; amountPaid: bigint }[];
    paymentIds: number[];
  },
) {
  const { accountPayment } = values;
  const payments: PaymentRow[] = [];
  const settled: { id: number; amountPaid: bigint; status: string }[] = [];
  const audits: Record<string, unknown>[] = [];
  const allocations: AccountPayment['allocations'] = [];
  values.allocations.forEach((allocation, index) => {
    const invoice = defined(
      values.candidates.find((candidate) => candidate.id === allocation.invoiceId),
      'the open invoice of an allocation',
    );
    const payment: PaymentRow = {
      id: defined(values.paymentIds[index], 'a payments id taken for each allocation'),
      tenantId: accountPayment.tenantId,
      serviceId: accountPayment.serviceId,
      invoiceId: invoice.id,
      customerId: accountPayment.customerId,
      amount: allocation.amount,
      method: accountPayment.method,
      reference: accountPayment.reference,
      paidAt: accountPayment.paidAt,
      receivedBy: accountPayment.receivedBy,
      note: accountPayment.note,
      reason: '',
      reversesId: null,
      heldBy: null,
      accountPaymentId: accountPayment.id,
    };
    const amountPaid = invoice.amountPaid + allocation.amount;
    const status = statusFor(invoice.total, amountPaid);
    payments.push(payment);
    settled.push({ id: invoice.id, amountPaid, status });
    audits.push(
      auditColumnsOf(audit, {
        action: 'create',
        entity: 'payment',
        entityId: payment.id,
        after: { ...payment, invoice: { id: invoice.id, amount_paid: amountPaid, status } },
      }),
    );
    allocations.push({
      invoice: invoice.id,
      invoice_number: invoice.number,
      payment: payment.id,
      amount: formatMoneyAmount(allocation.amount, context.terms.decimals),
    });
  });
  return { payments, settled, audits, allocations };
}
