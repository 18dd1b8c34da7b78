import { bigint, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers, invoices } from './billing';
import type { StoredTender } from './currencies';
import { services } from './tenant-data';

/** Append-only (docs/accounts.md): one payment of the account, spread over invoices (payments rows naming it); `credit` is the rest. */
export const accountPayments = pgTable(
  'account_payments',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    credit: bigint('credit', { mode: 'bigint' }).notNull(),
    method: text('method').notNull().default('cash'),
    reference: text('reference').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    receivedBy: integer('received_by'),
    note: text('note').notNull().default(''),
  },
  (table) => [index('account_payments_tenant_customer_idx').on(table.tenantId, table.customerId, table.id)],
);

export interface CreditNoteLineJson {
  description: string;
  quantity: string;
  unit_price: string;
  amount: string;
}

/** Append-only credit notes, numbered without gaps per tenant (CN-2026-000001). */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    number: text('number').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    subtotal: bigint('subtotal', { mode: 'bigint' }).notNull(),
    tax: bigint('tax', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    /** The part that lowered the invoice's balance (a payments row of method `credit_note`). */
    applied: bigint('applied', { mode: 'bigint' }).notNull(),
    /** The part that became the customer's credit (the invoice was already paid). */
    toCredit: bigint('to_credit', { mode: 'bigint' }).notNull(),
    lines: jsonb('lines').$type<CreditNoteLineJson[]>().notNull().default([]),
    reason: text('reason').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_notes_tenant_number_key').on(table.tenantId, table.number),
    index('credit_notes_tenant_invoice_idx').on(table.tenantId, table.invoiceId),
    index('credit_notes_tenant_customer_idx').on(table.tenantId, table.customerId),
  ],
);

export const CREDIT_MOVEMENT_KINDS = ['payment', 'credit_note', 'applied', 'refund'] as const;
export type CreditMovementKind = (typeof CREDIT_MOVEMENT_KINDS)[number];

/** Append-only: every move of a customer's credit (+ from a payment or credit note, - applied or refunded). */
export const creditMovements = pgTable(
  'credit_movements',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind').$type<CreditMovementKind>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    accountPaymentId: integer('account_payment_id').references(() => accountPayments.id),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by'),
  },
  (table) => [index('credit_movements_tenant_customer_idx').on(table.tenantId, table.customerId, table.id)],
);

/** One late fee per overdue invoice (the unique key), carried by a line of `invoice_id`. */
export const lateFees = pgTable(
  'late_fees',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    overdueInvoiceId: integer('overdue_invoice_id')
      .notNull()
      .references(() => invoices.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('late_fees_tenant_overdue_key').on(table.tenantId, table.overdueInvoiceId)],
);

/** Append-only: every overdue reminder sent (docs/accounts.md), with the message as it went out. */
export const reminders = pgTable(
  'reminders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The channel that carried it (`outbox` built in; SMS or WhatsApp providers later). */
    channel: text('channel').notNull(),
    language: text('language').notNull(),
    /** The phone number it was sent to. */
    recipient: text('recipient').notNull(),
    message: text('message').notNull(),
    /** What was overdue when it was sent, in minor units, and the oldest due date. */
    overdueAmount: bigint('overdue_amount', { mode: 'bigint' }).notNull(),
    oldestDueOn: date('oldest_due_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    sentBy: integer('sent_by'),
  },
  (table) => [index('reminders_tenant_customer_sent_idx').on(table.tenantId, table.customerId, table.sentAt)],
);

/** Append-only: every invoice sent to its customer (docs/billing.md); one row per invoice at most, the "already sent" mark. */
export const invoiceMessages = pgTable(
  'invoice_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The channel that carried it (the reminders' channel). */
    channel: text('channel').notNull(),
    language: text('language').notNull(),
    /** The phone number it was sent to. */
    recipient: text('recipient').notNull(),
    message: text('message').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    sentBy: integer('sent_by'),
  },
  (table) => [uniqueIndex('invoice_messages_tenant_invoice_key').on(table.tenantId, table.invoiceId)],
);

/**
 * What an account payment in one or two currencies tendered (append-only, migration 0030): the
 * columns of `payment_tenders`, for the account payment (which may pay no invoice at all).
 */
export const accountPaymentTenders = pgTable(
  'account_payment_tenders',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    accountPaymentId: integer('account_payment_id')
      .notNull()
      .references(() => accountPayments.id),
    currency: text('currency').notNull(),
    tendered: jsonb('tendered').$type<StoredTender[]>().notNull(),
    received: bigint('received', { mode: 'bigint' }).notNull(),
    changeDue: bigint('change_due', { mode: 'bigint' }).notNull(),
    secondCurrency: text('second_currency'),
    rate: numeric('rate', { precision: 20, scale: 6 }),
    baseCurrency: text('base_currency'),
    changeDueSecond: bigint('change_due_second', { mode: 'bigint' }),
  },
  (table) => [uniqueIndex('account_payment_tenders_payment_key').on(table.tenantId, table.accountPaymentId)],
);
