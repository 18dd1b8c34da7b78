import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payments } from './billing';
import { services } from './tenant-data';

/** Collectors' cash (docs/collectors.md, migration 0011): receipts, counts and the payments each count took. */
export const receiptCounters = pgTable('receipt_counters', {
  tenantId: integer('tenant_id').primaryKey(),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
});

/** One receipt number per payment, gapless per tenant; append-only. */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    number: bigint('number', { mode: 'number' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_receipts_payment_key').on(table.tenantId, table.paymentId),
    uniqueIndex('payment_receipts_number_key').on(table.tenantId, table.number),
  ],
);

/** A count of a collector's cash; append-only (a correction is a new count). */
export const cashHandovers = pgTable(
  'cash_handovers',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    collectorId: integer('collector_id').notNull(),
    expectedAmount: bigint('expected_amount', { mode: 'bigint' }).notNull(),
    countedAmount: bigint('counted_amount', { mode: 'bigint' }).notNull(),
    difference: bigint('difference', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull().default(''),
    /** The `handover` transaction written with it. */
    transactionId: integer('transaction_id'),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cash_handovers_tenant_service_idx').on(table.tenantId, table.serviceId, table.collectorId, table.createdAt)],
);

/** The payments a handover took from held to handed over; a payment appears at most once. */
export const cashHandoverPayments = pgTable(
  'cash_handover_payments',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    handoverId: integer('handover_id')
      .notNull()
      .references(() => cashHandovers.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
  },
  (table) => [
    uniqueIndex('cash_handover_payments_payment_key').on(table.tenantId, table.paymentId),
    index('cash_handover_payments_handover_idx').on(table.tenantId, table.handoverId),
  ],
);

/**
 * A count per currency (migration 0027): what the payments held in that currency, what was counted,
 * counted - expected and its kind, and the `handover` transaction of that currency's counted cash.
 */
export const cashHandoverCurrencies = pgTable(
  'cash_handover_currencies',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    handoverId: integer('handover_id')
      .notNull()
      .references(() => cashHandovers.id),
    currency: text('currency').notNull(),
    expectedAmount: bigint('expected_amount', { mode: 'bigint' }).notNull(),
    countedAmount: bigint('counted_amount', { mode: 'bigint' }).notNull(),
    difference: bigint('difference', { mode: 'bigint' }).notNull(),
    kind: text('kind').notNull(),
    transactionId: integer('transaction_id'),
  },
  (table) => [uniqueIndex('cash_handover_currencies_key').on(table.tenantId, table.handoverId, table.currency)],
);
