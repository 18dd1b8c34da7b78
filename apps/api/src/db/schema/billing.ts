import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { buildings, regions, services, streets } from './tenant-data';

/**
 * Billing tables. Money is bigint minor units of the tenant's currency; readings and quantities
 * numeric(14,3); unit prices numeric(18,6). Every key and index leads with tenant_id.
 */
export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    status: text('status').notNull().default('active'),
    capacity: numeric('capacity', { precision: 14, scale: 3 }),
    regionId: integer('region_id').references(() => regions.id),
    streetId: integer('street_id').references(() => streets.id),
    buildingId: integer('building_id').references(() => buildings.id),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stations_tenant_code_key').on(table.tenantId, table.code),
    index('stations_tenant_service_idx').on(table.tenantId, table.serviceId),
  ],
);

export const bundles = pgTable(
  'bundles',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    amperage: numeric('amperage', { precision: 8, scale: 2 }),
    price: bigint('price', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bundles_tenant_service_idx').on(table.tenantId, table.serviceId)],
);

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    code: text('code').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    nationalId: text('national_id').notNull().default(''),
    regionId: integer('region_id').references(() => regions.id),
    streetId: integer('street_id').references(() => streets.id),
    buildingId: integer('building_id').references(() => buildings.id),
    floor: text('floor').notNull().default(''),
    apartment: text('apartment').notNull().default(''),
    stationId: integer('station_id').references(() => stations.id),
    status: text('status').notNull().default('active'),
    notes: text('notes').notNull().default(''),
    /** The language of the customer's messages (docs/notifications.md): 'en' or 'ar'; null: the tenant's (migration 0036). */
    language: text('language'),
    /** Channels the customer is never messaged on. */
    optedOutChannels: text('opted_out_channels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Invoiced minus paid, kept in the same transaction as every money write. */
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Paid beyond the invoices and not yet applied or refunded (docs/accounts.md); never negative. */
    credit: bigint('credit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The public bill link's version (docs/security.md, "The public bill link"): a new link moves it on, the old one 404s. */
    publicLinkVersion: integer('public_link_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customers_tenant_code_key').on(table.tenantId, table.code),
    index('customers_tenant_service_idx').on(table.tenantId, table.serviceId, table.id),
    index('customers_tenant_building_idx').on(table.tenantId, table.buildingId),
    // The list's orderings (migration 0006): full_name is the default.
    index('customers_tenant_service_name_idx').on(table.tenantId, table.serviceId, table.fullName, table.id),
    index('customers_tenant_service_code_idx').on(table.tenantId, table.serviceId, table.code, table.id),
    index('customers_tenant_service_balance_idx').on(table.tenantId, table.serviceId, table.balance, table.id),
    index('customers_tenant_service_created_idx').on(table.tenantId, table.serviceId, table.createdAt, table.id),
    // The list's ?search= over these five (migration 0019): a term of three characters or more is found by trigrams.
    index('customers_search_trgm_idx')
      .using(
        'gin',
        table.fullName.op('gin_trgm_ops'),
        table.code.op('gin_trgm_ops'),
        table.phone.op('gin_trgm_ops'),
        table.email.op('gin_trgm_ops'),
        table.nationalId.op('gin_trgm_ops'),
      )
      .with({ fastupdate: false }),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id),
    stationId: integer('station_id').references(() => stations.id),
    startedOn: date('started_on', { mode: 'string' }).notNull(),
    endedOn: date('ended_on', { mode: 'string' }),
    counter: numeric('counter', { precision: 14, scale: 3 }).notNull().default('0'),
    counterUpdatedAt: timestamp('counter_updated_at', { withTimezone: true }),
    counterUpdatedBy: integer('counter_updated_by'),
    /** The consumption ledger's watermark (docs/billing.md): every month before it is billed as metered. */
    ledgerFrom: date('ledger_from', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_tenant_service_idx').on(table.tenantId, table.serviceId),
    // Meter figures sum readings over all the subscriptions of a customer.
    index('subscriptions_tenant_customer_idx').on(table.tenantId, table.customerId),
    uniqueIndex('subscriptions_one_open_key')
      .on(table.tenantId, table.customerId)
      .where(sql`${table.endedOn} is null`),
  ],
);

/** Append-only meter history: every reading and reset. */
export const meterReadings = pgTable(
  'meter_readings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    value: numeric('value', { precision: 14, scale: 3 }).notNull(),
    previousValue: numeric('previous_value', { precision: 14, scale: 3 }),
    kind: text('kind').notNull().default('reading'),
    reason: text('reason').notNull().default(''),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    takenBy: integer('taken_by'),
    /** The meter's photo taken with the reading: an upload's name in the tenant's media, or null. */
    photo: text('photo'),
  },
  (table) => [index('meter_readings_subscription_idx').on(table.tenantId, table.subscriptionId, table.id)],
);

/** Append-only: a reading corrected is voided by one row here; the reading itself never changes. */
export const readingVoids = pgTable(
  'reading_voids',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    readingId: bigint('reading_id', { mode: 'number' })
      .notNull()
      .references(() => meterReadings.id),
    reason: text('reason').notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true }).notNull().defaultNow(),
    voidedBy: integer('voided_by'),
  },
  (table) => [uniqueIndex('reading_voids_reading_key').on(table.tenantId, table.readingId)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    number: text('number').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    subtotal: bigint('subtotal', { mode: 'bigint' }).notNull(),
    tax: bigint('tax', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    amountPaid: bigint('amount_paid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').notNull().default('unpaid'),
    previousReading: numeric('previous_reading', { precision: 14, scale: 3 }),
    currentReading: numeric('current_reading', { precision: 14, scale: 3 }),
    consumption: numeric('consumption', { precision: 14, scale: 3 }),
    /** The customer's last reading this meter invoice billed (a void of it or an earlier one is refused). */
    lastReadingId: bigint('last_reading_id', { mode: 'number' }),
    /** The monthly fee a meter invoice billed (minor units, before tax, prorated); null on invoices from lines. */
    monthlyFee: bigint('monthly_fee', { mode: 'bigint' }),
    createdBy: integer('created_by'),
    notes: text('notes').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_tenant_number_key').on(table.tenantId, table.number),
    index('invoices_tenant_service_idx').on(table.tenantId, table.serviceId, table.id),
    index('invoices_tenant_customer_idx').on(table.tenantId, table.customerId),
    index('invoices_tenant_subscription_period_idx').on(table.tenantId, table.subscriptionId, table.periodStart),
    // The invoice list's default ordering (-issued_on, -id) and its date filters.
    index('invoices_tenant_service_issued_idx').on(table.tenantId, table.serviceId, table.issuedOn, table.id),
    // ?status= and the list's orderings (migration 0006); "overdue" walks the open invoices.
    index('invoices_tenant_service_status_issued_idx').on(table.tenantId, table.serviceId, table.status, table.issuedOn, table.id),
    index('invoices_tenant_service_open_issued_idx')
      .on(table.tenantId, table.serviceId, table.issuedOn, table.id)
      .where(sql`${table.status} in ('unpaid', 'partially_paid')`),
    index('invoices_tenant_service_status_id_idx').on(table.tenantId, table.serviceId, table.status, table.id),
    index('invoices_tenant_service_number_idx').on(table.tenantId, table.serviceId, table.number, table.id),
    index('invoices_tenant_service_due_idx').on(table.tenantId, table.serviceId, table.dueOn, table.id),
    index('invoices_tenant_service_period_idx').on(table.tenantId, table.serviceId, table.periodStart, table.id),
    index('invoices_tenant_service_total_idx').on(table.tenantId, table.serviceId, table.total, table.id),
    index('invoices_tenant_service_paid_amount_idx').on(table.tenantId, table.serviceId, table.amountPaid, table.id),
    index('invoices_tenant_service_balance_idx').on(
      table.tenantId,
      table.serviceId,
      sql`(case when ${table.status} = 'cancelled' then 0 else ${table.total} - ${table.amountPaid} end)`,
      table.id,
    ),
    index('invoices_tenant_service_created_idx').on(table.tenantId, table.serviceId, table.createdAt, table.id),
    uniqueIndex('invoices_live_period_key')
      .on(table.tenantId, table.subscriptionId, table.periodStart, table.periodEnd)
      .where(sql`${table.status} <> 'cancelled' and ${table.subscriptionId} is not null`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (table) => [index('invoice_lines_invoice_idx').on(table.tenantId, table.invoiceId)],
);

/** Append-only: a mistake is reversed by a negative payment, never edited. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
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
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    method: text('method').notNull().default('cash'),
    reference: text('reference').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    receivedBy: integer('received_by'),
    note: text('note').notNull().default(''),
    reason: text('reason').notNull().default(''),
    reversesId: integer('reverses_id'),
    /** The collector holding the cash until a handover links the payment (docs/collectors.md); null for the office. */
    heldBy: integer('held_by'),
    /** The payment of the account this allocation belongs to (docs/accounts.md). */
    accountPaymentId: integer('account_payment_id'),
  },
  (table) => [
    index('payments_tenant_service_idx').on(table.tenantId, table.serviceId, table.id),
    index('payments_tenant_invoice_idx').on(table.tenantId, table.invoiceId),
    // The payment list's default ordering (-paid_at, -id) and the statistics' date windows.
    index('payments_tenant_service_paid_idx').on(table.tenantId, table.serviceId, table.paidAt, table.id),
    index('payments_tenant_service_held_idx')
      .on(table.tenantId, table.serviceId, table.heldBy)
      .where(sql`${table.heldBy} is not null`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    serviceId: integer('service_id'),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The currency of `amount` (migration 0027); null: the tenant's billing currency. */
    currency: text('currency'),
    fromUserId: integer('from_user_id'),
    toUserId: integer('to_user_id'),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (table) => [index('transactions_tenant_idx').on(table.tenantId, table.id)],
);
