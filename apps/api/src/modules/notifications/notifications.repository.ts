import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  customers,
  invoices,
  notificationChannels,
  notificationMessages,
  notificationTemplates,
  paymentReceipts,
  payments,
  tenants,
} from '../../db/schema/index';
import type { ServiceScope } from '../../scope/service-scope';

export type ChannelRow = typeof notificationChannels.$inferSelect;
export type TemplateRow = typeof notificationTemplates.$inferSelect;
export type MessageRow = typeof notificationMessages.$inferSelect;
export type NewMessage = typeof notificationMessages.$inferInsert;

export async function findChannelRows(executor: Executor, tenantId: number): Promise<ChannelRow[]> {
  return executor.select().from(notificationChannels).where(eq(notificationChannels.tenantId, tenantId));
}

/** Inserts the channel's row (with its callback token) or updates it; `credentials` undefined keeps them. */
export async function saveChannelRow(
  executor: Executor,
  values: Omit<typeof notificationChannels.$inferInsert, 'id'>,
  update: Partial<typeof notificationChannels.$inferInsert>,
): Promise<ChannelRow> {
  const [row] = await executor
    .insert(notificationChannels)
    .values(values)
    .onConflictDoUpdate({ target: [notificationChannels.tenantId, notificationChannels.channel], set: update })
    .returning();
  if (!row) throw new Error('the channel row was not saved');
  return row;
}

export async function findTemplateRows(executor: Executor, tenantId: number): Promise<TemplateRow[]> {
  return executor.select().from(notificationTemplates).where(eq(notificationTemplates.tenantId, tenantId));
}

export async function saveTemplateRow(executor: Executor, values: Omit<typeof notificationTemplates.$inferInsert, 'id'>): Promise<void> {
  await executor
    .insert(notificationTemplates)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationTemplates.tenantId, notificationTemplates.kind],
      set: { textEn: values.textEn, textAr: values.textAr, whatsappTemplate: values.whatsappTemplate, updatedAt: values.updatedAt },
    });
}

/**
 * Queues messages, one per event, tenant and channel: a message whose event already has one (on any
 * channel) is not queued again. Answers the ids queued.
 */
export async function queueMessages(executor: Executor, rows: NewMessage[]): Promise<number[]> {
  if (!rows.length) return [];
  const tenantId = rows[0]?.tenantId ?? 0;
  const taken = new Set(
    (
      await executor
        .select({ eventKey: notificationMessages.eventKey })
        .from(notificationMessages)
        .where(
          and(
            eq(notificationMessages.tenantId, tenantId),
            inArray(
              notificationMessages.eventKey,
              rows.map((row) => row.eventKey),
            ),
          ),
        )
    ).map((row) => row.eventKey),
  );
  const fresh = rows.filter((row) => !taken.has(row.eventKey));
  if (!fresh.length) return [];
  const inserted = await executor
    .insert(notificationMessages)
    .values(fresh)
    .onConflictDoNothing({ target: [notificationMessages.tenantId, notificationMessages.channel, notificationMessages.eventKey] })
    .returning({ id: notificationMessages.id });
  return inserted.map((row) => row.id);
}

export async function findMessage(executor: Executor, tenantId: number, id: number): Promise<MessageRow | null> {
  const [row] = await executor
    .select()
    .from(notificationMessages)
    .where(and(eq(notificationMessages.tenantId, tenantId), eq(notificationMessages.id, id)));
  return row ?? null;
}

/** The tenant's messages waiting to be sent, oldest first. */
export async function findQueuedIds(executor: Executor, tenantId: number, limit: number): Promise<number[]> {
  const rows = await executor
    .select({ id: notificationMessages.id })
    .from(notificationMessages)
    .where(and(eq(notificationMessages.tenantId, tenantId), eq(notificationMessages.status, 'queued')))
    .orderBy(notificationMessages.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Takes a queued message for one attempt: `sending`, its attempt counted, before the provider is
 * called (null: another sender took it, or it is no longer queued). The one write before the call.
 */
export async function claimForAttempt(executor: Executor, tenantId: number, id: number, leaseUntil: Date): Promise<MessageRow | null> {
  const [row] = await executor
    .update(notificationMessages)
    .set({ status: 'sending', attempts: sql`${notificationMessages.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(and(eq(notificationMessages.tenantId, tenantId), eq(notificationMessages.id, id), eq(notificationMessages.status, 'queued')))
    .returning();
  return row ?? null;
}

/** The attempt's outcome, written only over the `sending` row it claimed. */
export async function finishAttempt(
  executor: Executor,
  tenantId: number,
  id: number,
  values: Partial<Pick<MessageRow, 'status' | 'providerMessageId' | 'error' | 'sentAt' | 'nextAttemptAt'>>,
): Promise<void> {
  await executor
    .update(notificationMessages)
    .set(values)
    .where(and(eq(notificationMessages.tenantId, tenantId), eq(notificationMessages.id, id), eq(notificationMessages.status, 'sending')));
}

/**
 * Messages left `sending` past their lease (the process stopped between the call and its answer's
 * write): failed, never sent again, since the provider may have taken them (docs/notifications.md).
 */
export async function failInterrupted(executor: Executor, tenantId: number, now: Date): Promise<void> {
  await executor
    .update(notificationMessages)
    .set({ status: 'failed', error: 'Interrupted while sending: it may have been sent; not sent again.' })
    .where(
      and(
        eq(notificationMessages.tenantId, tenantId),
        eq(notificationMessages.status, 'sending'),
        lt(notificationMessages.nextAttemptAt, now),
      ),
    );
}

export async function listCustomerMessages(executor: Executor, tenantId: number, customerId: number, limit: number, offset: number) {
  const where = and(eq(notificationMessages.tenantId, tenantId), eq(notificationMessages.customerId, customerId));
  const [total] = await executor.select({ count: count() }).from(notificationMessages).where(where);
  const rows = await executor
    .select()
    .from(notificationMessages)
    .where(where)
    .orderBy(desc(notificationMessages.id))
    .limit(limit)
    .offset(offset);
  return { count: Number(total?.count ?? 0), rows };
}

export async function findScopedCustomer(executor: Executor, scope: ServiceScope, customerId: number) {
  const [row] = await executor
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, scope.tenantId), eq(customers.serviceId, scope.serviceId), eq(customers.id, customerId)));
  return row ?? null;
}

/** The ids among `ids` that are invoices of the service. */
export async function findServiceInvoiceIds(executor: Executor, scope: ServiceScope, ids: number[]): Promise<Set<number>> {
  const rows = await executor
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.tenantId, scope.tenantId), eq(invoices.serviceId, scope.serviceId), inArray(invoices.id, ids)));
  return new Set(rows.map((row) => row.id));
}

const customerColumns = {
  customerId: customers.id,
  fullName: customers.fullName,
  phone: customers.phone,
  email: customers.email,
  language: customers.language,
  optedOut: customers.optedOutChannels,
  publicLinkVersion: customers.publicLinkVersion,
};
export type Recipient = {
  customerId: number;
  fullName: string;
  phone: string;
  email: string;
  /** null: the tenant's (`languageOf`). */
  language: string | null;
  optedOut: string[];
  publicLinkVersion: number;
};

/**
 * The customers of the service among `ids` as messages address them, in id order (another service's are left
 * out); `lock`: their rows locked until the transaction ends (two reminders to one customer, one after the other).
 */
export async function findRecipients(
  executor: Executor,
  scope: ServiceScope,
  ids: number[],
  options: { lock?: boolean } = {},
): Promise<Recipient[]> {
  if (!ids.length) return [];
  const query = executor
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.tenantId, scope.tenantId), eq(customers.serviceId, scope.serviceId), inArray(customers.id, ids)))
    .orderBy(customers.id)
    .$dynamic();
  return options.lock ? query.for('update') : query;
}

/** Invoices of the service with their customers, for bill messages. */
export async function findBillFacts(executor: Executor, scope: ServiceScope, ids: number[]) {
  return executor
    .select({ invoiceId: invoices.id, number: invoices.number, total: invoices.total, dueOn: invoices.dueOn, ...customerColumns })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(eq(invoices.tenantId, scope.tenantId), eq(invoices.serviceId, scope.serviceId), inArray(invoices.id, ids)))
    .orderBy(invoices.id);
}

/** A payment with its customer and receipt number, for a receipt message. */
export async function findReceiptFacts(executor: Executor, tenantId: number, paymentId: number) {
  const [row] = await executor
    .select({
      paymentId: payments.id,
      invoiceId: payments.invoiceId,
      amount: payments.amount,
      receipt: paymentReceipts.number,
      ...customerColumns,
    })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(paymentReceipts, and(eq(paymentReceipts.tenantId, payments.tenantId), eq(paymentReceipts.paymentId, payments.id)))
    .where(and(eq(payments.tenantId, tenantId), eq(payments.id, paymentId)));
  return row ?? null;
}

/** The tenant's database alias (tenants live in `default`). */
export async function findTenantAlias(executor: Executor, tenantId: number): Promise<string | null> {
  const [row] = await executor.select({ dbAlias: tenants.dbAlias }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.dbAlias ?? null;
}

export async function findChannelByToken(executor: Executor, tenantId: number, token: string): Promise<ChannelRow | null> {
  const [row] = await executor
    .select()
    .from(notificationChannels)
    .where(and(eq(notificationChannels.tenantId, tenantId), eq(notificationChannels.callbackToken, token)));
  return row ?? null;
}

/** A delivery report: the tenant's message of that channel and provider id moves to delivered or failed. */
export async function applyDeliveryReport(
  executor: Executor,
  tenantId: number,
  channel: string,
  report: { providerMessageId: string; delivered: boolean; error: string | null; at: Date },
): Promise<number> {
  const moved = await executor
    .update(notificationMessages)
    .set(report.delivered ? { status: 'delivered', deliveredAt: report.at } : { status: 'failed', error: report.error ?? 'Not delivered.' })
    .where(
      and(
        eq(notificationMessages.tenantId, tenantId),
        eq(notificationMessages.channel, channel),
        eq(notificationMessages.providerMessageId, report.providerMessageId),
        inArray(notificationMessages.status, ['sent', 'delivered']),
      ),
    )
    .returning({ id: notificationMessages.id });
  return moved.length;
}
