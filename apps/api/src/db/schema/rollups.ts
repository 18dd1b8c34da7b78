import { bigint, date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/*
 * Counters and rollups written only by the triggers of migrations 0006 and 0020 (in the transaction
 * of the invoice, payment or customer write that changes them), read by the lists' counts and the statistics.
 */

/** Invoices per service and status, in 16 slots (id % 16) so concurrent writers rarely share a row. */
export const invoiceCounts = pgTable(
  'invoice_counts',
  {
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id').notNull(),
    status: text('status').notNull(),
    slot: smallint('slot').notNull(),
    invoices: bigint('invoices', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ name: 'invoice_counts_pkey', columns: [table.tenantId, table.serviceId, table.status, table.slot] })],
);

/** Customers per service and status, in 16 slots (migration 0020): the customer list's counts. */
export const customerCounts = pgTable(
  'customer_counts',
  {
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id').notNull(),
    status: text('status').notNull(),
    slot: smallint('slot').notNull(),
    customers: bigint('customers', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ name: 'customer_counts_pkey', columns: [table.tenantId, table.serviceId, table.status, table.slot] })],
);

/** Open subscriptions (ended_on is null) per service, in 16 slots (migration 0021): the dashboard's meter count. */
export const subscriptionCounts = pgTable(
  'subscription_counts',
  {
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id').notNull(),
    slot: smallint('slot').notNull(),
    subscriptions: bigint('subscriptions', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ name: 'subscription_counts_pkey', columns: [table.tenantId, table.serviceId, table.slot] })],
);

/** Invoices per service, issue day, due day and status, in 16 slots (migration 0022): count, totals and amounts paid. */
export const invoiceRollups = pgTable(
  'invoice_rollups',
  {
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    slot: smallint('slot').notNull(),
    invoices: bigint('invoices', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    amountPaid: bigint('amount_paid', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({
      name: 'invoice_rollups_pkey',
      columns: [table.tenantId, table.serviceId, table.issuedOn, table.dueOn, table.status, table.slot],
    }),
    index('invoice_rollups_due_idx').on(table.tenantId, table.serviceId, table.status, table.dueOn),
  ],
);

/** Payments per service, day paid in the tenant's timezone and receiver (0 when nobody), in 16 slots. */
export const paymentRollups = pgTable(
  'payment_rollups',
  {
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    receivedBy: integer('received_by').notNull(),
    slot: smallint('slot').notNull(),
    payments: bigint('payments', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'payment_rollups_pkey', columns: [table.tenantId, table.serviceId, table.paidOn, table.receivedBy, table.slot] }),
  ],
);
