import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, invoices, paymentReceipts, payments, tenants } from '../../db/schema/index';

/** How many of the last payments the page lists. */
export const PUBLIC_BILL_PAYMENTS = 5;

/** The tenant a link claims: where its data lives, and whether it is blocked (read in `default`). */
export async function findLinkTenant(db: Executor, tenantId: number) {
  const [row] = await db.select({ dbAlias: tenants.dbAlias, isBlocked: tenants.isBlocked }).from(tenants).where(eq(tenants.id, tenantId));
  return row ?? null;
}

/** The customer a link claims, with the link's current version; the same statement for any claim. */
export async function findLinkCustomer(db: Executor, tenantId: number, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      fullName: customers.fullName,
      phone: customers.phone,
      code: customers.code,
      balance: customers.balance,
      language: customers.language,
      publicLinkVersion: customers.publicLinkVersion,
    })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  return row ?? null;
}

/** The customer's open invoices (unpaid or partly paid), the oldest due first. */
export async function selectOpenInvoices(db: Executor, tenantId: number, customerId: number) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
      dueOn: invoices.dueOn,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
    })
    .from(invoices)
    .where(
      and(eq(invoices.tenantId, tenantId), eq(invoices.customerId, customerId), inArray(invoices.status, ['unpaid', 'partially_paid'])),
    )
    .orderBy(asc(invoices.dueOn), asc(invoices.id));
}

/** The customer's last payments that stand (not reversals, not reversed), with their receipt numbers. */
export async function selectLastPayments(db: Executor, tenantId: number, customerId: number) {
  return db
    .select({ paidAt: payments.paidAt, amount: payments.amount, receiptNumber: paymentReceipts.number })
    .from(payments)
    .leftJoin(paymentReceipts, and(eq(paymentReceipts.tenantId, payments.tenantId), eq(paymentReceipts.paymentId, payments.id)))
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.customerId, customerId),
        gt(payments.amount, 0n),
        sql`not exists (select 1 from ${payments} as reversal where reversal.tenant_id = ${payments.tenantId} and reversal.reverses_id = ${payments.id})`,
      ),
    )
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(PUBLIC_BILL_PAYMENTS);
}
