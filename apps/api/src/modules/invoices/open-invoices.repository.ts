import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Invoice } from '@meterline/contract/invoices';
import type { Executor } from '../../db/client';
import { customers, invoiceExchangeRates, invoices } from '../../db/schema/index';
import type { ServiceScope, TenantTerms } from '../../scope/service-scope';
import { toInvoice, type InvoiceLinkOf } from './invoices.repository';

/**
 * The unpaid and partly paid invoices of the service's customers that meet a condition on
 * `customers` (a collector's round, docs/offline.md), oldest first, each with its stored rate, as
 * the invoices list answers them: one statement.
 */
export async function findOpenInvoicesWhere(
  executor: Executor,
  scope: ServiceScope,
  customerCondition: SQL,
  terms: TenantTerms,
  today: string,
  linkOf?: InvoiceLinkOf,
): Promise<Invoice[]> {
  const rows = await executor
    .select({
      invoice: invoices,
      fullName: customers.fullName,
      code: customers.code,
      publicLinkVersion: customers.publicLinkVersion,
      rate: invoiceExchangeRates,
    })
    .from(invoices)
    .innerJoin(customers, and(eq(customers.tenantId, invoices.tenantId), eq(customers.id, invoices.customerId)))
    .leftJoin(
      invoiceExchangeRates,
      and(eq(invoiceExchangeRates.tenantId, invoices.tenantId), eq(invoiceExchangeRates.invoiceId, invoices.id)),
    )
    .where(
      and(
        eq(invoices.tenantId, scope.tenantId),
        eq(invoices.serviceId, scope.serviceId),
        inArray(invoices.status, ['unpaid', 'partially_paid']),
        customerCondition,
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.id));
  return rows.map((row) => toInvoice(row.invoice, row, terms, today, linkOf));
}
