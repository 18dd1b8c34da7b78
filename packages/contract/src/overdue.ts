import { z } from 'zod';
import { idInputSchema } from './billing-common';
import { idSchema, timestampSchema } from './common';
import { ERROR_CODES } from './errors';
import { moneySchema, normalizeDigits } from './money';
import { listQuerySchema, paginatedWithTotalsSchema } from './pagination';
import { MAX_REMINDERS_PER_CALL, REMINDER_LANGUAGES } from './reminder-texts';

export { overdueListSpec } from './list-specs';
export {
  DEFAULT_REMINDER_TEMPLATES,
  fillTemplate,
  REMINDER_COOLDOWN_MINUTES,
  REMINDER_LANGUAGES,
  renderReminder,
  type ReminderLanguage,
} from './reminder-texts';

/** One customer with an overdue balance: whom to chase, how much and since when. */
export const overdueCustomerSchema = z
  .object({
    customer: idSchema,
    customer_code: z.string(),
    customer_name: z.string(),
    phone: z.string(),
    station: idSchema.nullable(),
    region: idSchema.nullable(),
    /** Days since the due date of the oldest overdue invoice (tenant's calendar). */
    days_overdue: z.number().int(),
    oldest_due_on: z.string(),
    overdue_invoices: z.number().int(),
    /** What is left to pay on the overdue invoices. */
    overdue_amount: moneySchema,
    last_payment_at: timestampSchema.nullable(),
    /** When the last reminder was sent (null until one is). */
    last_reminder_at: timestampSchema.nullable(),
  })
  .meta({ id: 'OverdueCustomer' });
export type OverdueCustomer = z.infer<typeof overdueCustomerSchema>;

export const listOverdueQuerySchema = listQuerySchema.extend({
  station: idInputSchema.optional(),
  region: idInputSchema.optional(),
  /** Only customers overdue at least this many days (the disconnection list). */
  min_days: z
    .preprocess(
      (value) => (typeof value === 'string' ? normalizeDigits(value) : value),
      z.coerce.number({ message: ERROR_CODES.invalidInteger }).int({ message: ERROR_CODES.invalidInteger }).min(0).max(36_500),
    )
    .optional(),
});
export type ListOverdueQuery = z.infer<typeof listOverdueQuerySchema>;
/**
 * `?totals=true`: over every customer the filters keep (not only the page), what is left to pay on
 * their overdue invoices and how many invoices those are.
 */
export const overdueTotalsSchema = z
  .object({ overdue_amount: moneySchema, overdue_invoices: z.number().int() })
  .meta({ id: 'OverdueTotals' });
export type OverdueTotals = z.infer<typeof overdueTotalsSchema>;
export const paginatedOverdueSchema = paginatedWithTotalsSchema(overdueCustomerSchema, overdueTotalsSchema);

/** `POST /services/{sid}/overdue/remind/`: the customers to remind (ids of this service). */
export const sendRemindersInputSchema = z.object({
  customers: z.array(idInputSchema).min(1).max(MAX_REMINDERS_PER_CALL),
});

/** Why a customer was not reminded. */
/** `opted_out`: no channel of the tenant can write to the customer, and it refused both phone channels (SMS, WhatsApp). */
export const REMINDER_SKIP_REASONS = ['no_phone', 'not_overdue', 'recently_reminded', 'channel_failed', 'opted_out'] as const;
export type ReminderSkipReason = (typeof REMINDER_SKIP_REASONS)[number];

export const reminderResultSchema = z
  .object({
    customer: idSchema,
    status: z.enum(['sent', 'skipped']),
    reason: z.enum(REMINDER_SKIP_REASONS).nullable(),
    /** The reminder recorded (sent only). */
    reminder: idSchema.nullable(),
    sent_at: timestampSchema.nullable(),
    language: z.enum(REMINDER_LANGUAGES).nullable(),
    /** The text sent. */
    message: z.string().nullable(),
    /** Where it went (sent only): a channel of the tenant (`whatsapp`, `sms`, `email`: queued, then sent) or the reminder channel's name (`outbox`). */
    channel: z.string().nullable(),
  })
  .meta({ id: 'ReminderResult' });
export type ReminderResult = z.infer<typeof reminderResultSchema>;

export const sendRemindersResultSchema = z
  .object({
    /** The channel every sent reminder took (the reminder channel's name when none was sent), or `mixed`. */
    channel: z.string(),
    sent: z.number().int(),
    skipped: z.number().int(),
    results: z.array(reminderResultSchema),
  })
  .meta({ id: 'SendRemindersResult' });
export type SendRemindersResult = z.infer<typeof sendRemindersResultSchema>;

/** `POST …/overdue/disconnection-notices/`: how many `disconnection` messages were queued and sent, and how many customers were skipped. */
export const disconnectionNoticesResultSchema = z
  .object({ queued: z.number().int(), skipped: z.number().int() })
  .meta({ id: 'DisconnectionNoticesResult' });
export type DisconnectionNoticesResult = z.infer<typeof disconnectionNoticesResultSchema>;

/** Most rows on one printed disconnection list. */
export const MAX_DISCONNECTION_ROWS = 2000;

/**
 * `GET /services/{sid}/overdue/disconnection-list/`: customers overdue at least `min_days` (the
 * tenant's `disconnection_after_days` when absent), printed (A4, English or Arabic).
 */
export const disconnectionListQuerySchema = z.object({
  station: idInputSchema.optional(),
  region: idInputSchema.optional(),
  min_days: listOverdueQuerySchema.shape.min_days,
  lang: z.enum(REMINDER_LANGUAGES).optional(),
  output: z.enum(['pdf', 'html']).optional().default('pdf'),
});
export type DisconnectionListQuery = z.infer<typeof disconnectionListQuerySchema>;
