import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoices, payments } from '../../db/schema/index';
import type { ServiceScope } from '../../scope/service-scope';

export interface InvoiceMovementRow {
  id: number;
  number: string;
  issuedOn: string;
  dueOn: string;
  total: bigint;
  amountPaid: bigint;
  createdAt: Date;
}

export interface PaymentMovementRow {
  id: number;
  invoiceId: number;
  amount: bigint;
  reference: string;
  reversesId: number | null;
  method: string;
  accountPaymentId: number | null;
  paidAt: Date;
  paidOn: string;
}

/** The customer's live invoices of the service (a cancelled invoice never was owed). */
export async function findInvoiceMovements(executor: Executor, scope: ServiceScope, customerId: number): Promise<InvoiceMovementRow[]> {
  return executor
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      dueOn: invoices.dueOn,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, scope.tenantId),
        eq(invoices.serviceId, scope.serviceId),
        eq(invoices.customerId, customerId),
        ne(invoices.status, 'cancelled'),
      ),
    );
}

/** The customer's payments and reversals, each dated on the tenant's calendar. */
export async function findPaymentMovements(
  executor: Executor,
  scope: ServiceScope,
  customerId: number,
  timezone: string,
): Promise<PaymentMovementRow[]> {
  return executor
    .select({
      id: payments.id,
      invoiceId: payments.invoiceId,
      amount: payments.amount,
      reference: payments.reference,
      reversesId: payments.reversesId,
      method: payments.method,
      accountPaymentId: payments.accountPaymentId,
      paidAt: payments.paidAt,
      paidOn: sql<string>`to_char(${payments.paidAt} at time zone ${timezone}, 'YYYY-MM-DD')`,
    })
    .from(payments)
    .where(and(eq(payments.tenantId, scope.tenantId), eq(payments.serviceId, scope.serviceId), eq(payments.customerId, customerId)));
}
