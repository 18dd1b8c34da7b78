import { bigint, boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  /** Optional second currency: invoices show their total in it at the month's rate; payments may be taken in it. */
  secondCurrency: text('second_currency'),
  /** Cash step per currency in minor units ({"LBP": 1000}); absent: the minor unit. */
  cashRounding: jsonb('cash_rounding').$type<Record<string, number>>().notNull().default({}),
  /** Volts, for the plausibility limit of a reading (amperage x voltage x hours). */
  voltage: integer('voltage').notNull().default(230),
  proratePartialMonths: boolean('prorate_partial_months').notNull().default(true),
  /** How far back a reading or a payment may be dated (collectors: 3 days at most). */
  backdateDays: integer('backdate_days').notNull().default(31),
  /** Collectors may take cash payments at the door (docs/collectors.md). */
  collectorsTakePayments: boolean('collectors_take_payments').notNull().default(true),
  /** Last invoice number handed out; incremented under a row lock so numbers stay gapless. */
  lastInvoiceNumber: bigint('last_invoice_number', { mode: 'number' }).notNull().default(0),
  /** Last credit note number handed out (docs/money-and-numbering.md), gapless like the invoices'. */
  lastCreditNoteNumber: bigint('last_credit_note_number', { mode: 'number' }).notNull().default(0),
  /** Late fee of the billing run (docs/billing.md): 'none', 'fixed' (an amount) or 'percent' (of what is left), after N days overdue. */
  lateFeeKind: text('late_fee_kind').notNull().default('none'),
  lateFeeValue: numeric('late_fee_value', { precision: 18, scale: 3 }).notNull().default('0'),
  lateFeeAfterDays: integer('late_fee_after_days').notNull().default(30),
  /** Overdue reminders (docs/accounts.md): the language they are written in, a template per language ('' = the built-in text). */
  reminderLanguage: text('reminder_language').notNull().default('en'),
  reminderTemplateEn: text('reminder_template_en').notNull().default(''),
  reminderTemplateAr: text('reminder_template_ar').notNull().default(''),
  /** The disconnection list's default: customers overdue at least this many days. */
  disconnectionAfterDays: integer('disconnection_after_days').notNull().default(60),
  /** Digits on Arabic screens for users who chose none (docs/web.md): 'arab' Arabic-Indic or 'latn' Western. */
  defaultDigits: text('default_digits').notNull().default('arab'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    name: text('name').notNull(),
    /** docs/tenants-and-settings.md: the Arabic name ('' = the English one everywhere), disabled services, their order. */
    nameAr: text('name_ar').notNull().default(''),
    unit: text('unit').notNull().default(''),
    isMetered: boolean('is_metered').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    /** Plausibility limit of a reading where the bundle has no amperage (null: no limit). */
    maxConsumptionPerDay: numeric('max_consumption_per_day', { precision: 14, scale: 3 }),
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
