import { date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { invoiceLines, invoices } from './billing';
import { services } from './tenant-data';

/** A tier as stored: bounds and prices as exact decimal texts. */
export interface StoredTariffTier {
  up_to: string | null;
  unit_price: string;
}

/**
 * Tariffs of a service. Months are stored as the date of their first day; `bundle_ids` empty means
 * every bundle of the service.
 */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    name: text('name').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    effectiveTo: date('effective_to'),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    tiers: jsonb('tiers').$type<StoredTariffTier[] | null>(),
    upliftPercent: numeric('uplift_percent', { precision: 7, scale: 3 }).notNull().default('0'),
    bundleIds: jsonb('bundle_ids').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tariffs_tenant_service_from_idx').on(table.tenantId, table.serviceId, table.effectiveFrom)],
);

/** How a consumption line was priced: its tariff (null: the bundle's unit price), month and tier. */
export const invoiceLinePricing = pgTable(
  'invoice_line_pricing',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    invoiceLineId: integer('invoice_line_id')
      .notNull()
      .references(() => invoiceLines.id),
    tariffId: integer('tariff_id').references(() => tariffs.id),
    month: date('month').notNull(),
    tier: integer('tier'),
  },
  (table) => [
    index('invoice_line_pricing_line_idx').on(table.tenantId, table.invoiceLineId),
    index('invoice_line_pricing_tariff_idx').on(table.tenantId, table.tariffId),
  ],
);

/**
 * The consumption ledger: the units each meter invoice billed, per subscription and month of
 * consumption. Units metered in a month minus the units live invoices recorded here is what is
 * left to bill, so no unit is billed twice (docs/billing.md).
 */
export const billedConsumption = pgTable(
  'billed_consumption',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    subscriptionId: integer('subscription_id').notNull(),
    month: date('month').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
  },
  (table) => [
    index('billed_consumption_subscription_idx').on(table.tenantId, table.subscriptionId, table.month),
    index('billed_consumption_invoice_idx').on(table.tenantId, table.invoiceId),
  ],
);
