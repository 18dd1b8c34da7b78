import type { FastifyRequest } from 'fastify';
import { DEFAULT_DIGIT_SYSTEM, digitSystemOf, type DigitSystem } from '@meterline/contract/digits';
import {
  arabicSignAfter,
  codeIn,
  countIn,
  dateLocaleIn,
  decimalIn,
  nameRunIn,
  numberLocaleIn,
  quantityOfName,
  quantityRunIn,
  stripBidiMarks,
  withoutIsolates,
  type DisplayLocale,
} from '@meterline/contract/display-format';
import { dateTimeFormat } from '@meterline/contract/intl-formats';
import { formatMoney } from '@meterline/contract/money-format';

/**
 * How the printed documents (invoice, receipt, credit note, statement, disconnection list: HTML that
 * Chromium prints to PDF) write numbers, quantities, codes, names and dates: the contract's
 * `display-format.ts` rule, the one the screens follow (docs/web.md, "Digits"), in the document's
 * language and the reader's digits. Every function returns HTML, escaped; a run that must keep its
 * order is a `<bdi dir="ltr">`. `document-format.test.ts` checks every export against the rule.
 */
export type DocumentLanguage = 'en' | 'ar';
/** A document's language (labels, direction) and its reader's digits. */
export interface DocumentLocale extends DisplayLocale {
  language: DocumentLanguage;
}

/** The document's language and the digits of who reads it (English is always Western). */
export function documentLocale(language: DocumentLanguage, digits: DigitSystem | null | undefined = DEFAULT_DIGIT_SYSTEM): DocumentLocale {
  return { language, digits: digits ?? DEFAULT_DIGIT_SYSTEM };
}

/** The language of the document: `?lang=` first, then the request's Accept-Language, else English. */
export function documentLanguage(lang: string | undefined, acceptLanguage: string | undefined): DocumentLanguage {
  if (lang === 'ar' || lang === 'en') return lang;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}

/**
 * Who reads a requested document: its language (`documentLanguage`) and the signed-in user's digits,
 * as their screens show them (their own choice, else their tenant's default, `terms.defaultDigits`).
 */
export function documentReader(request: FastifyRequest, terms: { defaultDigits: DigitSystem }, lang?: string): DocumentLocale {
  const language = documentLanguage(lang, request.headers['accept-language']);
  return documentLocale(language, digitSystemOf(request.signedInRows?.user.digits) ?? terms.defaultDigits);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);
}

/** A run kept left to right, escaped: what every number, quantity and code below is printed in. */
export function ltrHtml(run: string): string {
  return `<bdi dir="ltr">${escapeHtml(withoutIsolates(run))}</bdi>`;
}

/** Free text (a customer's name, a line's description, a reason) as typed, in the direction of its first letter. */
export function textHtml(value: string): string {
  return `<bdi>${escapeHtml(value)}</bdi>`;
}

/** A count (a row's number, days overdue) in the reader's digits. */
export function countHtml(value: number, where: DocumentLocale): string {
  return ltrHtml(countIn(value, where));
}

/** An exact decimal (a reading, a unit price, a rate) in the reader's digits, without trailing zeros or floats. */
export function decimalHtml(value: string, where: DocumentLocale, maxDecimals = 3): string {
  return ltrHtml(decimalIn(value, where, maxDecimals));
}

/** A quantity with its unit ("320 kWh", "15 A"): one left-to-right run, the number first, in the reader's digits. */
export function quantityHtml(value: string, unit: string | null | undefined, where: DocumentLocale, maxDecimals = 3): string {
  return ltrHtml(quantityRunIn(value, unit, where, maxDecimals));
}

/** A code (an invoice, receipt or credit note number, a customer's code, a phone, a reference) as stored: ASCII digits, as on screen. */
export function codeHtml(code: string): string {
  return ltrHtml(codeIn(code));
}

/** A name typed by staff (a bundle, a tariff, a street): the reader's digits, groups in order; a quantity ("15 A") as its run. */
export function nameHtml(name: string, where: DocumentLocale): string {
  const run = nameRunIn(name, where);
  return quantityOfName(name) ? ltrHtml(run) : textHtml(run);
}

/**
 * An amount in its currency, the reader's digits, the minus kept in front. A sign written in Arabic
 * letters ("ل.ل.") is read right to left after the number: the number stays one left-to-right run
 * and the sign sits to its left, its final dot at the far end ("ل.ل. ٩٠٠٬٠٠٠" as an Arabic reader
 * reads it), instead of a left-to-right run that put the sign's dot against the digits.
 */
export function moneyHtml(amount: string, currency: string, where: DocumentLocale): string {
  const run = escapeHtml(withoutIsolates(stripBidiMarks(formatMoney(amount, currency, numberLocaleIn(where)))));
  const signed = arabicSignAfter(run);
  if (signed) return `<bdi dir="rtl"><bdi dir="ltr">${signed.amount}</bdi>${signed.space}${signed.sign}</bdi>`;
  return `<bdi dir="ltr">${run}</bdi>`;
}

/** A calendar date (`YYYY-MM-DD`) as text: "19 Nov 2026", "١٩ نوفمبر ٢٠٢٦" (Western digits if the reader reads them). */
export function dateText(value: string, where: DocumentLocale): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return stripBidiMarks(dateTimeFormat(dateLocaleIn(where), { dateStyle: 'medium', timeZone: 'UTC' }).format(date));
}

/** A month (`YYYY-MM`) as text: "November 2026", "نوفمبر ٢٠٢٦". */
export function monthText(month: string, where: DocumentLocale): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return stripBidiMarks(dateTimeFormat(dateLocaleIn(where), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date));
}

/** A period: the month's name when it is one whole month, else its two dates. */
export function periodText(start: string, end: string, where: DocumentLocale): string {
  const last = new Date(`${start.slice(0, 7)}-01T00:00:00Z`);
  last.setUTCMonth(last.getUTCMonth() + 1, 0);
  if (start.endsWith('-01') && end === last.toISOString().slice(0, 10)) return monthText(start, where);
  return `${dateText(start, where)} – ${dateText(end, where)}`;
}

/** A moment (an ISO timestamp) in a time zone, date and time: a receipt's "paid at". */
export function timeText(at: Date | string, timezone: string, where: DocumentLocale): string {
  const moment = typeof at === 'string' ? new Date(at) : at;
  return stripBidiMarks(
    dateTimeFormat(dateLocaleIn(where), { dateStyle: 'medium', timeStyle: 'short', timeZone: timezone }).format(moment),
  );
}

/** A count's words in each plural form of a language (Intl.PluralRules): `{count}` stands for the number. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** "3 customers", "مشتركان": the form of `count` in the document's language, escaped, its number in the reader's digits. */
export function pluralHtml(forms: PluralForms, count: number, where: DocumentLocale): string {
  const rule = new Intl.PluralRules(where.language === 'ar' ? 'ar' : 'en').select(count);
  const form = forms[rule] ?? forms.other;
  return escapeHtml(form).split('{count}').join(countHtml(count, where));
}
