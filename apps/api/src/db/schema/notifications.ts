import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './billing';

/** A tenant's channel (docs/notifications.md): one row per channel once saved; the credentials kept sealed (`lib/sealed-text.ts`). */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    testMode: boolean('test_mode').notNull().default(true),
    provider: text('provider').notNull(),
    sender: text('sender').notNull().default(''),
    endpointUrl: text('endpoint_url').notNull().default(''),
    /** Sealed (encrypted with the server's key), never answered nor logged; null: none. */
    credentials: text('credentials'),
    /** `<tenant id>.<random>`: the delivery callbacks' address names the tenant and the channel, unguessably. */
    callbackToken: text('callback_token').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notification_channels_tenant_channel_key').on(table.tenantId, table.channel),
    uniqueIndex('notification_channels_callback_token_key').on(table.callbackToken),
  ],
);

/** A tenant's text of one kind of message in both languages ('' = the built-in text). */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    kind: text('kind').notNull(),
    textEn: text('text_en').notNull().default(''),
    textAr: text('text_ar').notNull().default(''),
    whatsappTemplate: text('whatsapp_template').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('notification_templates_tenant_kind_key').on(table.tenantId, table.kind)],
);

/**
 * One message to a customer (or a test): written `queued`, sent by the job (`sending` with its attempt
 * counted before the provider is called, then `sent` or `failed`), `delivered` by the provider's callback.
 */
export const notificationMessages = pgTable(
  'notification_messages',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id'),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    /** `bill_issued:<invoice id>`, `receipt:<payment id>`, …: one message per event, tenant and channel. */
    eventKey: text('event_key').notNull(),
    toAddress: text('to_address').notNull(),
    language: text('language').notNull(),
    text: text('text').notNull(),
    /** The WhatsApp template's name ('' sends `text`) and its body parameters, in order. */
    templateName: text('template_name').notNull().default(''),
    templateParams: jsonb('template_params')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status').notNull().default('queued'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notification_messages_tenant_channel_event_key').on(table.tenantId, table.channel, table.eventKey),
    index('notification_messages_tenant_event_idx').on(table.tenantId, table.eventKey),
    index('notification_messages_tenant_customer_idx').on(table.tenantId, table.customerId, table.id),
    index('notification_messages_tenant_provider_id_idx').on(table.tenantId, table.providerMessageId),
    index('notification_messages_due_idx')
      .on(table.tenantId, table.nextAttemptAt)
      .where(sql`${table.status} IN ('queued', 'sending')`),
  ],
);
