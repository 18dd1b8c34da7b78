import { z } from 'zod';
import { idSchema, requiredText, timestampSchema } from './common';
import { ERROR_CODES } from './errors';
import { paginatedSchema } from './pagination';
import {
  CUSTOMER_LANGUAGES,
  MAX_BILLS_PER_SEND,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PROVIDERS,
  TEMPLATE_KINDS,
} from './notification-kinds';

export * from './notification-kinds';

/**
 * Reaching the household (docs/notifications.md): the tenant's channels (e-mail, WhatsApp, SMS), its
 * message templates in both languages, and the messages sent to customers.
 */

export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS, { message: ERROR_CODES.invalidChoice });
export const notificationProviderSchema = z.enum(NOTIFICATION_PROVIDERS, { message: ERROR_CODES.invalidChoice });
export const customerLanguageSchema = z.enum(CUSTOMER_LANGUAGES, { message: ERROR_CODES.invalidChoice });
export const templateKindSchema = z.enum(TEMPLATE_KINDS, { message: ERROR_CODES.invalidChoice });

/** One channel's settings as answered: the credentials are never answered, only whether some are kept. */
export const channelSettingsSchema = z
  .object({
    channel: notificationChannelSchema,
    enabled: z.boolean(),
    /** Messages go to the outbox folder instead of the provider (nothing leaves the server). */
    test_mode: z.boolean(),
    provider: notificationProviderSchema,
    /** The sender: the From address (e-mail), the phone number id (WhatsApp), the sender name or number (SMS). */
    sender: z.string(),
    /** The provider's base address (WhatsApp: `https://graph.facebook.com/v20.0/<phone id>`; SMS: the gateway's send URL); '' for e-mail (the server's SMTP). */
    endpoint_url: z.string(),
    has_credentials: z.boolean(),
    /** The address to give the provider for delivery callbacks (holds an unguessable token). */
    callback_url: z.string(),
    updated_at: timestampSchema.nullable(),
  })
  .meta({ id: 'ChannelSettings' });
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

export const channelSettingsListSchema = z.object({ results: z.array(channelSettingsSchema) }).meta({ id: 'ChannelSettingsList' });
export type ChannelSettingsList = z.infer<typeof channelSettingsListSchema>;

export const channelParamsSchema = z.object({ channel: notificationChannelSchema });

const endpointUrlSchema = z.union([
  z.literal(''),
  z
    .url({ protocol: /^https?$/, message: ERROR_CODES.invalidUrl })
    .max(500, { message: 'Ensure this field has no more than 500 characters.' }),
]);

/**
 * `PUT /api/notifications/channels/{channel}/`: `credentials` left out keeps the stored ones, '' clears
 * them. Enabled outside test mode needs credentials (400 `channel_credentials_required`) and, for
 * WhatsApp and SMS, `endpoint_url` (400 `channel_endpoint_required`).
 */
export const updateChannelSettingsInputSchema = z.object({
  enabled: z.boolean(),
  test_mode: z.boolean(),
  provider: notificationProviderSchema,
  sender: z.string().trim().max(200, { message: 'Ensure this field has no more than 200 characters.' }),
  endpoint_url: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), endpointUrlSchema),
  credentials: z.string().max(4000, { message: 'Ensure this field has no more than 4000 characters.' }).optional(),
});
export type UpdateChannelSettingsInput = z.input<typeof updateChannelSettingsInputSchema>;

/** `POST /api/notifications/channels/{channel}/test/`: an e-mail address or a phone number, as the channel needs. */
export const sendTestMessageInputSchema = z.object({ to: requiredText(200) });
export type SendTestMessageInput = z.input<typeof sendTestMessageInputSchema>;

/** One message to a customer (or a test), as kept and answered. */
export const notificationMessageSchema = z
  .object({
    id: idSchema,
    customer: idSchema.nullable(),
    channel: notificationChannelSchema,
    kind: z.enum(MESSAGE_KINDS),
    /** The e-mail address or phone number written to. */
    to: z.string(),
    language: customerLanguageSchema,
    text: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    provider_message_id: z.string().nullable(),
    /** Failed: the provider's refusal or what went wrong (never a credential). */
    error: z.string().nullable(),
    attempts: z.number().int(),
    created_at: timestampSchema,
    sent_at: timestampSchema.nullable(),
    delivered_at: timestampSchema.nullable(),
    invoice: idSchema.nullable(),
  })
  .meta({ id: 'NotificationMessage' });
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

export const testMessageSentSchema = z.object({ message: notificationMessageSchema }).meta({ id: 'TestMessageSent' });
export type TestMessageSent = z.infer<typeof testMessageSentSchema>;

export const customerMessagesParamsSchema = z.object({
  serviceId: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});
export const listMessagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(100).optional().default(25),
});
export const paginatedMessagesSchema = paginatedSchema(notificationMessageSchema);

/** A template as answered: '' text means the built-in default, shown in `default_en`/`default_ar`. */
export const templateSchema = z
  .object({
    kind: templateKindSchema,
    text_en: z.string(),
    text_ar: z.string(),
    default_en: z.string(),
    default_ar: z.string(),
    /** The WhatsApp template's name approved at the provider ('' sends the text as a plain message). */
    whatsapp_template: z.string(),
  })
  .meta({ id: 'NotificationTemplate' });
export type Template = z.infer<typeof templateSchema>;

export const templateListSchema = z.object({ results: z.array(templateSchema) }).meta({ id: 'NotificationTemplateList' });
export type TemplateList = z.infer<typeof templateListSchema>;

export const templateParamsSchema = z.object({ kind: templateKindSchema });

const templateText = z.string().trim().max(2000, { message: 'Ensure this field has no more than 2000 characters.' });

/** `PUT /api/notifications/templates/{kind}/`: a `{word}` not among the kind's placeholders is a 400 `unknown_placeholder`. */
export const updateTemplateInputSchema = z.object({
  text_en: templateText,
  text_ar: templateText,
  whatsapp_template: z
    .string()
    .trim()
    .max(200, { message: 'Ensure this field has no more than 200 characters.' })
    .regex(/^[a-z0-9_]*$/, { message: ERROR_CODES.invalidFormat }),
});
export type UpdateTemplateInput = z.input<typeof updateTemplateInputSchema>;

/** `POST /api/services/{serviceId}/invoices/send/`: the service's invoices to send (every id the service's, else 400 `does_not_exist`). */
export const sendBillsInputSchema = z.object({
  invoice_ids: z.array(idSchema).min(1).max(MAX_BILLS_PER_SEND),
});
export type SendBillsInput = z.input<typeof sendBillsInputSchema>;

/** The `send_bills` job's result: messages queued, and invoices skipped (already sent, no usable channel, opted out). */
export const sendBillsJobResultSchema = z.object({ queued: z.number().int(), skipped: z.number().int() });
export type SendBillsJobResult = z.infer<typeof sendBillsJobResultSchema>;
