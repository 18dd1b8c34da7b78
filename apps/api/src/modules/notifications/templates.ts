import { TEMPLATE_PLACEHOLDERS, type CustomerLanguage, type TemplateKind } from '@meterline/contract/notifications';
import { DEFAULT_REMINDER_TEMPLATES, fillTemplate } from '@meterline/contract/reminder-texts';

/** The built-in texts, used while a tenant's template for a kind and language is '' (docs/notifications.md). */
export const DEFAULT_TEMPLATES: Record<TemplateKind, Record<CustomerLanguage, string>> = {
  bill_issued: {
    en: 'Dear {name}, your bill of {amount} is due on {due_date}. See it here: {link} {operator}',
    ar: 'عزيزنا {name}، فاتورتكم بقيمة {amount} تستحق في {due_date}. اطّلعوا عليها هنا: {link} {operator}',
  },
  receipt: {
    en: 'Dear {name}, we received your payment of {amount}. Receipt {receipt_number}. Thank you. {operator}',
    ar: 'عزيزنا {name}، استلمنا دفعتكم بقيمة {amount}. الإيصال {receipt_number}. شكرًا لكم. {operator}',
  },
  // The reminders' built-in texts stay those the overdue module always sent.
  reminder: DEFAULT_REMINDER_TEMPLATES,
  disconnection: {
    en: 'Dear {name}, your balance of {amount} has been overdue since {due_date} ({days} days). Your supply may be disconnected unless it is paid. {operator}',
    ar: 'عزيزنا {name}، رصيدكم البالغ {amount} مستحق منذ {due_date} ({days} يومًا). قد يُقطع الاشتراك ما لم يُسدَّد. {operator}',
  },
};

/** The test message's text (the settings' "Send a test message"). */
export const TEST_MESSAGE_TEXT: Record<CustomerLanguage, string> = {
  en: 'A test message from Meterline: this channel works.',
  ar: 'رسالة تجريبية من Meterline: هذه القناة تعمل.',
};

/** The `{word}`s of a text, in the order they appear (each once). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''))];
}

/** The first `{word}` a kind does not know, or null. */
export function unknownPlaceholder(kind: TemplateKind, text: string): string | null {
  const known = TEMPLATE_PLACEHOLDERS[kind];
  return placeholdersOf(text).find((name) => !known.includes(name)) ?? null;
}

/** A message's text and, for a WhatsApp template, its body parameters in the order the text names them. */
export function renderMessage(template: string, values: Record<string, string>): { text: string; params: string[] } {
  return { text: fillTemplate(template, values).trim(), params: placeholdersOf(template).map((name) => values[name] ?? '') };
}
