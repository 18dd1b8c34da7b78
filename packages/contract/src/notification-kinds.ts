/*
 * Without zod (notifications.ts re-exports these with the schemas): the web app's settings and
 * customer screens read the channels, kinds and placeholders before a form loads zod
 * (docs/performance.md, "No zod before a screen shows"). The rules: docs/notifications.md.
 */

/** The ways a household is reached, in the order the settings list them. */
export const NOTIFICATION_CHANNELS = ['email', 'whatsapp', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The order a bill message tries a customer's channels in: the first usable one is used. */
export const BILL_CHANNEL_ORDER: readonly NotificationChannel[] = ['whatsapp', 'sms', 'email'];

/** The provider each channel speaks to (one per channel for now). */
export const NOTIFICATION_PROVIDERS = ['smtp', 'whatsapp_cloud', 'http_sms'] as const;
export type NotificationProvider = (typeof NOTIFICATION_PROVIDERS)[number];
export const CHANNEL_PROVIDERS: Record<NotificationChannel, readonly NotificationProvider[]> = {
  email: ['smtp'],
  whatsapp: ['whatsapp_cloud'],
  sms: ['http_sms'],
};

/** The language a customer is written to in. */
export const CUSTOMER_LANGUAGES = ['ar', 'en'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

/** The messages a tenant keeps a template of. */
export const TEMPLATE_KINDS = ['bill_issued', 'receipt', 'reminder', 'disconnection'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** Every kind of message sent: a template's, or the settings' test message. */
export const MESSAGE_KINDS = [...TEMPLATE_KINDS, 'test'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A message's life: queued (waiting for the job), sent (the provider took it), delivered or failed (the provider's callback, or a refusal). */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * The placeholders each template may use (an unknown `{word}` is refused when the template is saved):
 * `{name}` the customer's name, `{amount}` the amount (the bill's total, the payment, the balance
 * due) in the billing currency, `{amount_second}` the same in the second currency ('' without one),
 * `{due_date}` the bill's due date (reminders: the oldest unpaid one), `{link}` the address where the
 * household sees its bill, `{receipt_number}` the payment's receipt, `{operator}` the tenant's company
 * name (`{company}` and `{days}` kept for the reminders written before).
 */
export const TEMPLATE_PLACEHOLDERS: Record<TemplateKind, readonly string[]> = {
  bill_issued: ['name', 'amount', 'amount_second', 'due_date', 'link', 'operator'],
  receipt: ['name', 'amount', 'amount_second', 'receipt_number', 'link', 'operator'],
  reminder: ['name', 'amount', 'amount_second', 'due_date', 'days', 'link', 'operator', 'company'],
  disconnection: ['name', 'amount', 'amount_second', 'due_date', 'days', 'operator', 'company'],
};

/** A `send_bills` call: at most this many invoices (a bigger batch goes in several calls). */
export const MAX_BILLS_PER_SEND = 50_000;
