import { and, eq, inArray } from 'drizzle-orm';
import { first } from '@meterline/contract/invariant';
import type { Executor } from '../../db/client';
import { customers, invoiceMessages, invoices } from '../../db/schema/index';
import type { ServiceScope } from '../../scope/service-scope';

/** The invoices of the service among `ids` (another tenant's or service's are not found). */
export async function findServiceInvoiceIds(executor: Executor, scope: ServiceScope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.tenantId, scope.tenantId), eq(invoices.serviceId, scope.serviceId), inArray(invoices.id, ids)));
  return rows.map((row) => row.id);
}

/** What an invoice's message says, read under a lock of the invoice: two sends of one invoice are decided one after the other. */
export async function lockInvoiceForMessage(tx: Executor, scope: ServiceScope, invoiceId: number) {
  const [row] = await tx
    .select({
      id: invoices.id,
      number: invoices.number,
      customerId: invoices.customerId,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
      dueOn: invoices.dueOn,
      total: invoices.total,
      status: invoices.status,
      customerName: customers.fullName,
      phone: customers.phone,
      language: customers.language,
    })
    .from(invoices)
    .innerJoin(customers, and(eq(customers.tenantId, invoices.tenantId), eq(customers.id, invoices.customerId)))
    .where(and(eq(invoices.tenantId, scope.tenantId), eq(invoices.serviceId, scope.serviceId), eq(invoices.id, invoiceId)))
    .for('update', { of: invoices });
  return row ?? null;
}

/** Whether the invoice was sent already (the "already sent" mark). */
export async function isInvoiceSent(executor: Executor, scope: ServiceScope, invoiceId: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: invoiceMessages.id })
    .from(invoiceMessages)
    .where(and(eq(invoiceMessages.tenantId, scope.tenantId), eq(invoiceMessages.invoiceId, invoiceId)))
    .limit(1);
  return row !== undefined;
}

export async function insertInvoiceMessage(tx: Executor, row: typeof invoiceMessages.$inferInsert) {
  return first(await tx.insert(invoiceMessages).values(row).returning(), 'a row inserted into invoice_messages');
}
