/*
 * Without zod (overdue.ts re-exports these with the schemas): the web app's settings screen
 * previews reminders with them, and zod stays out of its JS (docs/performance.md, "No zod before a screen shows").
 */

/** Languages a reminder can be written in (customers carry no language: the tenant's `reminder_language` decides). */
export const REMINDER_LANGUAGES = ['en', 'ar'] as const;
export type ReminderLanguage = (typeof REMINDER_LANGUAGES)[number];

/** A second reminder to the same customer within this many minutes is skipped (a double click sends once). */
export const REMINDER_COOLDOWN_MINUTES = 60;
/** Most customers reminded in one call. */
export const MAX_REMINDERS_PER_CALL = 500;

/** Placeholders a template may use; an unknown `{word}` is left as written. */
export const REMINDER_PLACEHOLDERS = ['name', 'amount', 'due_date', 'days', 'company'] as const;
export type ReminderValues = Record<(typeof REMINDER_PLACEHOLDERS)[number], string>;

/** The built-in texts, used while the tenant's template for a language is empty. */
export const DEFAULT_REMINDER_TEMPLATES: Record<ReminderLanguage, string> = {
  en: 'Dear {name}, your balance of {amount} has been overdue since {due_date}. Please pay at your earliest convenience. {company}',
  ar: 'عزيزنا {name}، رصيدكم البالغ {amount} مستحق منذ {due_date}. يرجى التسديد في أقرب وقت. {company}',
};

/** The message of one customer: the template with its placeholders filled (pure; the web previews with it). */
export function renderReminder(template: string, values: ReminderValues): string {
  return fillTemplate(template, values);
}

/** A message template with its `{word}` placeholders filled; an unknown `{word}` stays as written (reminders, invoice messages). */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? (values[key] ?? whole) : whole)).trim();
}
