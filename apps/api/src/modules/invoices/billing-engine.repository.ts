import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoiceExchangeRates, invoiceLinePricing, invoices, subscriptions } from '../../db/schema/index';
import { selectRows } from '../../scope/codes';
import type { ServiceScope } from '../../scope/service-scope';

/**
 * The billing engine's statements (`billing-engine.ts`): each reads or writes a whole batch of
 * meters at once, whatever its size, so a run costs a few statements per hundred meters.
 */

const ids = (values: number[]) =>
  sql.join(
    values.map((value) => sql`${value}::int`),
    sql`, `,
  );

/**
 * The customers of the subscriptions, then the subscriptions, locked in that order (the order every
 * invoice writer takes) when `lock`: a reading, a bundle change or another invoice of these meters waits.
 */
export async function readMetersOfBatch(executor: Executor, scope: ServiceScope, subscriptionIds: number[], options: { lock: boolean }) {
  const customerRows = await selectRows<{ id: number; credit: string }>(
    executor,
    sql`select c.id, c.credit::text as credit from customers c
        where c.tenant_id = ${scope.tenantId} and c.service_id = ${scope.serviceId}
          and c.id in (select s.customer_id from subscriptions s where s.tenant_id = ${scope.tenantId} and s.id in (${ids(subscriptionIds)}))
        order by c.id ${options.lock ? sql`for update` : sql``}`,
  );
  const query = executor
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.tenantId, scope.tenantId),
        eq(subscriptions.serviceId, scope.serviceId),
        inArray(subscriptions.id, subscriptionIds),
      ),
    )
    .orderBy(subscriptions.id);
  const subscriptionRows = options.lock ? await query.for('update') : await query;
  return {
    credit: new Map(customerRows.map((row) => [Number(row.id), BigInt(row.credit)])),
    subscriptions: new Map(subscriptionRows.map((row) => [row.id, row])),
  };
}

/** The live invoices of the subscriptions whose periods touch the range (the exact-period and overlap checks). */
export async function findLiveInvoicesTouching(
  executor: Executor,
  tenantId: number,
  subscriptionIds: number[],
  range: { start: string; end: string },
) {
  return executor
    .select({
      id: invoices.id,
      number: invoices.number,
      subscriptionId: invoices.subscriptionId,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        inArray(invoices.subscriptionId, subscriptionIds),
        sql`${invoices.periodStart} <= ${range.end}`,
        sql`${invoices.periodEnd} >= ${range.start}`,
        ne(invoices.status, 'cancelled'),
      ),
    )
    .orderBy(invoices.id);
}

/**
 * Per customer: the reading its last live meter invoice ended on, the value its first live reading
 * started from, and its last live reading (what a new invoice records as billed up to).
 */
export async function findReadingFacts(
  executor: Executor,
  tenantId: number,
  customerIds: number[],
): Promise<Map<number, { previous: string | null; firstStart: string | null; lastReadingId: number | null }>> {
  if (!customerIds.length) return new Map();
  const rows = await selectRows<{ id: number; previous: string | null; first_start: string | null; last_reading_id: number | null }>(
    executor,
    sql`select c.id,
          (select i.current_reading::text from invoices i
           where i.tenant_id = ${tenantId} and i.customer_id = c.id and i.status <> 'cancelled' and i.consumption is not null
           order by i.id desc limit 1) as previous,
          (select mr.previous_value::text from meter_readings mr join subscriptions s on s.tenant_id = mr.tenant_id and s.id = mr.subscription_id
           where mr.tenant_id = ${tenantId} and s.customer_id = c.id
             and not exists (select 1 from reading_voids rv where rv.tenant_id = mr.tenant_id and rv.reading_id = mr.id)
           order by mr.id limit 1) as first_start,
          (select max(mr.id) from meter_readings mr join subscriptions s on s.tenant_id = mr.tenant_id and s.id = mr.subscription_id
           where mr.tenant_id = ${tenantId} and s.customer_id = c.id
             and not exists (select 1 from reading_voids rv where rv.tenant_id = mr.tenant_id and rv.reading_id = mr.id)) as last_reading_id
        from unnest(array[${ids(customerIds)}]) as c(id)`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        previous: row.previous,
        firstStart: row.first_start,
        lastReadingId: row.last_reading_id === null ? null : Number(row.last_reading_id),
      },
    ]),
  );
}

/** The customers of the batch with an invoice unpaid and due before the day (the only ones a late fee can be for). */
export async function findCustomersOverdueBefore(executor: Executor, scope: ServiceScope, customerIds: number[], dueBefore: string) {
  if (!customerIds.length) return new Set<number>();
  const rows = await selectRows<{ customer_id: number }>(
    executor,
    sql`select distinct customer_id from invoices
        where tenant_id = ${scope.tenantId} and service_id = ${scope.serviceId} and customer_id in (${ids(customerIds)})
          and status in ('unpaid', 'partially_paid') and due_on < ${dueBefore}`,
  );
  return new Set(rows.map((row) => Number(row.customer_id)));
}

export async function insertInvoiceRows(executor: Executor, values: (typeof invoices.$inferInsert)[]) {
  if (!values.length) return [];
  return executor.insert(invoices).values(values).returning();
}

export async function insertPricingRows(executor: Executor, values: (typeof invoiceLinePricing.$inferInsert)[]): Promise<void> {
  if (values.length) await executor.insert(invoiceLinePricing).values(values);
}

export async function insertInvoiceRates(executor: Executor, values: (typeof invoiceExchangeRates.$inferInsert)[]): Promise<void> {
  if (values.length) await executor.insert(invoiceExchangeRates).values(values);
}
