import { bigint, boolean, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Per-tenant settings (the spec's Config). */
export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull().unique(),
  companyName: text('company_name').notNull().default(''),
  logo: text('logo'),
  currency: text('currency').notNull().default('USD'),
  taxRate: numeric('tax_rate', { precision: 7, scale: 3 }).notNull().default('0'),
  invoicePrefix: text('invoice_prefix').notNull().default('INV'),
  invoiceDueDays: integer('invoice_due_days').notNull().default(15),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  invoiceFooter: text('invoice_footer').notNull().default(''),
  timezone: text('timezone').notNull().default('UTC'),
  /** Last invoice number handed out; incremented under a row lock so numbers stay gapless. */
  lastInvoiceNumber: bigint('last_invoice_number', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    name: text('name').notNull(),
    unit: text('unit').notNull().default(''),
    isMetered: boolean('is_metered').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('services_tenant_idx').on(table.tenantId, table.id)],
);

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    name: text('name').notNull(),
  },
  (table) => [uniqueIndex('regions_tenant_name_key').on(table.tenantId, table.name)],
);

export const streets = pgTable(
  'streets',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    name: text('name').notNull(),
  },
  (table) => [uniqueIndex('streets_region_name_key').on(table.tenantId, table.regionId, table.name)],
);

export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    streetId: integer('street_id')
      .notNull()
      .references(() => streets.id),
    name: text('name').notNull(),
  },
  (table) => [uniqueIndex('buildings_street_name_key').on(table.tenantId, table.streetId, table.name)],
);
