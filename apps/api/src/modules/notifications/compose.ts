import { inSecondCurrency } from '@meterline/contract/currency-payments';
import { currencyDecimals, formatMoney, formatMoneyAmount } from '@meterline/contract/money';
import {
  BILL_CHANNEL_ORDER,
  TEMPLATE_KINDS,
  type CustomerLanguage,
  type NotificationChannel as ChannelName,
  type Template,
  type TemplateKind,
} from '@meterline/contract/notifications';
import type { Executor } from '../../db/client';
import { findSettings } from '../config/index';
import { currencyTermsOf, type InvoiceRateRow } from '../invoices/index';
import type { TenantTerms } from '../../scope/service-scope';
import { findTemplateRows, type ChannelRow, type NewMessage, type Recipient } from './notifications.repository';
import { DEFAULT_TEMPLATES, renderMessage } from './templates';

/*
 * Writing a message to a customer (docs/notifications.md, "Templates"): the tenant's templates, the
 * customer's language and first usable channel, the text with its placeholders filled.
 */

/** Whether `to` is an address the channel can write to: an e-mail, or a phone number (digits, 6 to 15, an optional +). */
export function isValidRecipient(channel: ChannelName, to: string): boolean {
  if (channel === 'email') return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to);
  return /^\+?[\d\s().-]{6,24}$/.test(to) && to.replace(/\D/g, '').length >= 6 && to.replace(/\D/g, '').length <= 15;
}

/** The customer's address on a channel ('' when none). */
export function addressOn(channel: ChannelName, recipient: Recipient): string {
  return (channel === 'email' ? recipient.email : recipient.phone).trim();
}

/** The first channel a message to the customer can go through: enabled, not refused, and with an address. */
export function usableChannel(channels: ChannelRow[], recipient: Recipient): ChannelName | null {
  return (
    BILL_CHANNEL_ORDER.find((channel) => {
      const row = channels.find((each) => each.channel === channel);
      return row?.enabled && !recipient.optedOut.includes(channel) && isValidRecipient(channel, addressOn(channel, recipient));
    }) ?? null
  );
}

/** The tenant's templates of every kind ('' texts: the built-in ones; the reminders' settings texts count until one is saved). */
export async function templates(executor: Executor, tenantId: number): Promise<Template[]> {
  const rows = await findTemplateRows(executor, tenantId);
  const settings = await findSettings(executor, { tenantId });
  return TEMPLATE_KINDS.map((kind) => {
    const row = rows.find((each) => each.kind === kind);
    // The reminders' texts saved in the settings before templates existed count until one is saved here.
    const fallback =
      kind === 'reminder' ? { en: settings?.reminderTemplateEn ?? '', ar: settings?.reminderTemplateAr ?? '' } : { en: '', ar: '' };
    return {
      kind,
      text_en: row?.textEn || fallback.en,
      text_ar: row?.textAr || fallback.ar,
      default_en: DEFAULT_TEMPLATES[kind].en,
      default_ar: DEFAULT_TEMPLATES[kind].ar,
      whatsapp_template: row?.whatsappTemplate ?? '',
    };
  });
}

/** The text of a kind in a language: the tenant's, else the built-in one. */
export function textOf(template: Template, language: CustomerLanguage): string {
  return (language === 'ar' ? template.text_ar : template.text_en) || DEFAULT_TEMPLATES[template.kind][language];
}

/** The language of a customer's messages: its own, else the tenant's (docs/notifications.md, "Customers"). */
export function languageOf(recipient: Pick<Recipient, 'language'>, terms: Pick<TenantTerms, 'customerLanguage'>): CustomerLanguage {
  return recipient.language === 'ar' || recipient.language === 'en' ? recipient.language : terms.customerLanguage;
}

/** A kind's text in the language, its placeholders filled for the recipient (the tenant's template, else the built-in one). */
export function renderKind(
  list: Template[],
  kind: TemplateKind,
  language: CustomerLanguage,
  recipient: Pick<Recipient, 'fullName'>,
  values: Record<string, string>,
) {
  const template = list.find((each) => each.kind === kind) ?? list[0];
  return { template, rendered: renderMessage(template ? textOf(template, language) : '', { name: recipient.fullName, ...values }) };
}

/** One message to a customer, rendered in their language with the tenant's template (not yet saved). */
export function compose(
  list: Template[],
  kind: TemplateKind,
  channel: ChannelName,
  recipient: Recipient,
  values: Record<string, string>,
  tenantId: number,
  extra: { eventKey: string; invoiceId: number | null; language: CustomerLanguage },
): NewMessage {
  const { language } = extra;
  const { template, rendered } = renderKind(list, kind, language, recipient, values);
  const templateName = channel === 'whatsapp' ? (template?.whatsapp_template ?? '') : '';
  return {
    tenantId,
    customerId: recipient.customerId,
    invoiceId: extra.invoiceId,
    channel,
    kind,
    eventKey: extra.eventKey,
    toAddress: addressOn(channel, recipient),
    language,
    text: rendered.text,
    templateName,
    templateParams: templateName ? rendered.params : [],
  };
}

export const money = (terms: TenantTerms, minor: bigint, language: CustomerLanguage) =>
  formatMoney(formatMoneyAmount(minor, terms.decimals), terms.currency, language);

/** An invoice's total in the second currency at the rate it was issued with, as its document shows it ('' without one). */
export function secondMoney(terms: TenantTerms, total: bigint, rate: InvoiceRateRow | undefined, language: CustomerLanguage): string {
  const converted = rate ? inSecondCurrency(total, currencyTermsOf(terms, rate)) : null;
  if (!rate || converted === null) return '';
  return formatMoney(formatMoneyAmount(converted, currencyDecimals(rate.currency)), rate.currency, language);
}
