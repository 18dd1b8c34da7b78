import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { invoices, payments } from './billing';

/**
 * The month's exchange rate of a tenant's second currency: `rate` units of `currency` for one unit
 * of `base_currency` (the billing and the second currency, either way round, never the same:
 * migrations 0014 and 0028). One rate per pair of currencies and month; setting it again replaces
 * it (issued invoices keep the rate they stored).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    currency: text('currency').notNull(),
    month: date('month').notNull(),
    rate: numeric('rate', { precision: 20, scale: 6 }).notNull(),
    baseCurrency: text('base_currency').notNull(),
    setBy: integer('set_by'),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('exchange_rates_tenant_pair_month_key').on(
      table.tenantId,
      sql`least(${table.currency}, ${table.baseCurrency})`,
      sql`greatest(${table.currency}, ${table.baseCurrency})`,
      table.month,
    ),
    check('exchange_rates_sides_differ', sql`${table.currency} <> ${table.baseCurrency}`),
  ],
);

/** The rate of its month an invoice was issued with (append-only, migration 0009). */
export const invoiceExchangeRates = pgTable(
  'invoice_exchange_rates',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    currency: text('currency').notNull(),
    month: date('month').notNull(),
    rate: numeric('rate', { precision: 20, scale: 6 }).notNull(),
    /** The currency one unit of which `rate` quotes; null (rows before 0014): the invoice's billing currency. */
    baseCurrency: text('base_currency'),
  },
  (table) => [uniqueIndex('invoice_exchange_rates_invoice_key').on(table.tenantId, table.invoiceId)],
);

/** A part of a payment as handed over: its currency and amount (decimal text in that currency). */
export interface StoredTender {
  currency: string;
  amount: string;
}

/**
 * What a payment in one or two currencies tendered (append-only, migration 0009): the parts, their
 * sum converted to the billing currency, and the change given back (in both currencies, cash-rounded).
 */
export const paymentTenders = pgTable(
  'payment_tenders',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The billing currency `received` and `change_due` are in. */
    currency: text('currency').notNull(),
    tendered: jsonb('tendered').$type<StoredTender[]>().notNull(),
    received: bigint('received', { mode: 'bigint' }).notNull(),
    changeDue: bigint('change_due', { mode: 'bigint' }).notNull(),
    secondCurrency: text('second_currency'),
    rate: numeric('rate', { precision: 20, scale: 6 }),
    /** The currency one unit of which `rate` quotes; null (rows before 0014): the billing currency. */
    baseCurrency: text('base_currency'),
    changeDueSecond: bigint('change_due_second', { mode: 'bigint' }),
  },
  (table) => [uniqueIndex('payment_tenders_payment_key').on(table.tenantId, table.paymentId)],
);
