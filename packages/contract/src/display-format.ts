import { DEFAULT_DIGIT_SYSTEM, type DigitSystem } from './digits';
import { numberFormat } from './intl-formats';

/**
 * The one rule for numbers, quantities with a unit, codes and names, on screens and in printed
 * documents alike (docs/web.md, "Digits"). Zod-free and without a session: the web app's
 * `shared/lib/format-number.ts` binds it to the signed-in user's language and digits, the API's
 * `lib/document-format.ts` to the printed document's. Each function takes where it is written:
 *
 * - a **number** (a count, an amount, a decimal, a date) is written in the reader's digits;
 * - a **quantity with its unit** ("15 A", "320 kWh", "12.5 m³", "10 %") is one left-to-right isolated
 *   run, the number first and then the unit, the number in the reader's digits: it never flips to
 *   "A 15" and an Arabic word next to it never splits it;
 * - a **code** (a customer code, an invoice, receipt or credit note number, a phone, a reference,
 *   "UTF-8", a file name, a version) is never converted: its ASCII digits, left to right, the same
 *   on screen and on paper;
 * - a **name** typed by staff (a bundle, a tariff, a street, a building) is text: its digits in the
 *   reader's system (but a word with a Latin letter, "4A", "UTF-8", is a code and keeps them), each
 *   digit group in order, isolated by its first letter; a name that is a quantity with its unit (a
 *   bundle called "15 A") is written as a quantity.
 */
export interface DisplayLocale {
  /** `en` or `ar` (any other language reads as English). */
  language: string;
  /** The reader's digit system on Arabic screens and documents; English is always Western. */
  digits: DigitSystem;
}

/** Left-to-right isolate, right-to-left isolate, first-strong isolate, their end, and the left-to-right mark. */
export const LRI = '\u2066';
export const RLI = '\u2067';
export const FSI = '\u2068';
export const PDI = '\u2069';
export const LRM = '\u200e';
/** Between a number and its unit: a space that never breaks the run across two lines. */
export const UNIT_SPACE = '\u00a0';

/** The digit system a text in `language` is written in: English always Western. */
export function digitsIn(where: DisplayLocale): DigitSystem {
  return where.language === 'ar' ? where.digits : 'latn';
}

/** A display locale with the default digits (a document no reader asked for, a test). */
export function displayLocale(language: string, digits: DigitSystem | null | undefined = DEFAULT_DIGIT_SYSTEM): DisplayLocale {
  return { language: language === 'ar' ? 'ar' : 'en', digits: digits ?? DEFAULT_DIGIT_SYSTEM };
}

/** The Intl locale of numbers (and money): `en-US`, `ar-EG` or `ar-EG-u-nu-latn` (Arabic, Western digits). */
export function numberLocaleIn(where: DisplayLocale): string {
  if (where.language !== 'ar') return 'en-US';
  return where.digits === 'latn' ? 'ar-EG-u-nu-latn' : 'ar-EG';
}

/** The Intl locale of dates: the day before the month in English too (`en-GB`). */
export function dateLocaleIn(where: DisplayLocale): string {
  return where.language === 'ar' ? numberLocaleIn(where) : 'en-GB';
}

/** Intl's Arabic output carries bidi marks (ALM, RLM, LRM) that, inside a left-to-right isolate, push the minus behind the digits. */
export function stripBidiMarks(text: string): string {
  return text.replace(/[\u061c\u200e\u200f]/g, '');
}

/** The isolates' characters gone: a component that isolates with `<bdi dir="ltr">` shows the run inside. */
export function withoutIsolates(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, '');
}

/** Left-to-right isolate (LRI … PDI) for a run inside a plain string: `1–25`, `INV-2026-000001`, `15 A`. */
export function isolateLtr(text: string): string {
  return `${LRI}${text}${PDI}`;
}

/** An amount followed by a currency sign written in Arabic letters ("٩٠٠٬٠٠٠ ل.ل."): the amount, the space, the sign. */
export function arabicSignAfter(text: string): { amount: string; space: string; sign: string } | null {
  const match = /^(.*?)(\s*)([\u0621-\u064a][\u0621-\u064a.]*)$/.exec(text);
  return match ? { amount: match[1] ?? '', space: match[2] ?? '', sign: match[3] ?? '' } : null;
}

/**
 * An amount in its currency as one isolated run inside a sentence. A Latin sign ("US$") keeps a
 * left-to-right run (bare in Arabic, its "$" was drawn before the letters). A sign in Arabic letters
 * ("ل.ل.") is read right to left after the number, the number one left-to-right run: the sign sits
 * to its left with its final dot at the far end, instead of the dot landing against the digits.
 */
export function isolateMoney(text: string): string {
  const signed = arabicSignAfter(text);
  if (!signed) return isolateLtr(text);
  return `${RLI}${isolateLtr(signed.amount)}${signed.space}${signed.sign}${PDI}`;
}

/** First-strong isolate (FSI … PDI) for a name inside a sentence: an Arabic name in English text (or the reverse) keeps its order. */
export function isolateText(text: string): string {
  return `${FSI}${text}${PDI}`;
}

const WESTERN_DIGIT = /[0-9]/g;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Every digit of a text in a digit system (Western ↔ Arabic-Indic); letters and punctuation kept. */
export function digitsTo(text: string, system: DigitSystem): string {
  if (system === 'arab') return text.replace(WESTERN_DIGIT, (digit) => String.fromCharCode(0x0660 + Number(digit)));
  return text.replace(ARABIC_INDIC_DIGIT, (digit) => String((digit.charCodeAt(0) - 0x0660) % 0x90));
}

/**
 * Arabic-Indic digits are "Arabic numbers" to the Unicode bidi algorithm: a hyphen or a space between
 * two groups takes the right-to-left direction even inside a left-to-right isolate
 * (`Tariff ٢٠٢٦-٠٩` showed as `Tariff ٠٩-٢٠٢٦`). A left-to-right mark before each group that follows
 * another character keeps the order. Western digits need none.
 */
export function keepDigitGroupsInOrder(text: string): string {
  return text.replace(/(?<=[^\u0660-\u0669\u06f0-\u06f9\u200e])(?=[\u0660-\u0669\u06f0-\u06f9])/g, LRM);
}

/** A count (an integer) in the reader's digits, without bidi marks. */
export function countIn(value: number, where: DisplayLocale): string {
  return stripBidiMarks(numberFormat(numberLocaleIn(where)).format(value));
}

/**
 * An exact decimal string (a reading "1234.500", a unit price "0.150000") in the reader's digits, with
 * at most `maxDecimals` decimals and no trailing zeros. Intl formats the string itself: no float
 * rounds it. Anything else than a decimal is returned as it is.
 */
export function decimalIn(value: string, where: DisplayLocale, maxDecimals = 3): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  return stripBidiMarks(numberFormat(numberLocaleIn(where), { maximumFractionDigits: maxDecimals }).format(value as `${number}`));
}

/** A chart axis's number, short, in the reader's digits: 250K, ٢٥٠ ألف. */
export function compactIn(value: number, where: DisplayLocale): string {
  return stripBidiMarks(numberFormat(numberLocaleIn(where), { notation: 'compact', maximumFractionDigits: 1 }).format(value));
}

/**
 * The inside of a quantity's run, not yet isolated (a component isolates it with `<bdi dir="ltr">`):
 * the number in the reader's digits, an unbreakable space, the unit. After Arabic-Indic digits a
 * left-to-right mark, so an Arabic unit ("جلسة") stays after the number, as a Latin one does.
 */
export function quantityRunIn(value: string | number, unit: string | null | undefined, where: DisplayLocale, maxDecimals = 3): string {
  const number = typeof value === 'number' ? decimalIn(String(value), where, maxDecimals) : decimalIn(value.trim(), where, maxDecimals);
  const shownUnit = unit?.trim();
  if (!shownUnit) return number;
  const mark = digitsIn(where) === 'arab' ? LRM : '';
  return `${number}${mark}${UNIT_SPACE}${shownUnit}`;
}

/** A quantity with its unit ("320 kWh", "١٥ A") as one left-to-right isolated run, the number first. */
export function quantityIn(value: string | number, unit: string | null | undefined, where: DisplayLocale, maxDecimals = 3): string {
  return isolateLtr(quantityRunIn(value, unit, where, maxDecimals));
}

/** A code as stored (never digit-converted), as one left-to-right isolated run: `INV-2026-000123`, `UTF-8`. */
export function codeIn(code: string): string {
  return isolateLtr(code);
}

/**
 * A name that is a quantity with its unit: "15 A", "12.5 m³", "10 %", "10%": the number, a space, then
 * a unit of at most 12 characters without digits (a symbol such as % may follow the number
 * directly). "4A" or "8C" without a space is an apartment's or a building's code, not a quantity.
 */
const DIGIT = '0-9\u0660-\u0669\u06f0-\u06f9';
const QUANTITY_NAME = new RegExp(
  `^(-?[${DIGIT}]+(?:[.\u066b][${DIGIT}]+)?)(?:\\s+([^\\s${DIGIT}:،,;.()-][^${DIGIT}:،,;()]{0,11})|([%‰°][^${DIGIT}:،,;()]{0,11}))$`,
);

/** A staff-typed name split into the number and the unit when it is a quantity ("15 A"), else null. */
export function quantityOfName(name: string): { value: string; unit: string } | null {
  const match = QUANTITY_NAME.exec(name.trim());
  if (!match) return null;
  return { value: digitsTo(match[1] ?? '', 'latn').replace('\u066b', '.'), unit: (match[2] ?? match[3] ?? '').trim() };
}

/**
 * The inside of a name's run, not yet isolated: a quantity's run when the name is one ("15 A"), else
 * the name's digits in the reader's system (`textDigitsIn`) with each digit group kept in order.
 */
export function nameRunIn(name: string, where: DisplayLocale): string {
  const quantity = quantityOfName(name);
  if (quantity) return quantityRunIn(quantity.value, quantity.unit, where);
  return keepDigitGroupsInOrder(textDigitsIn(name, where));
}

/** A name typed by staff, isolated: a quantity left to right ("١٥ A"), any other name by its first letter. */
export function nameIn(name: string, where: DisplayLocale): string {
  return quantityOfName(name) ? isolateLtr(nameRunIn(name, where)) : isolateText(nameRunIn(name, where));
}

/**
 * Digits written in a text that no formatter wrote (a catalogue's "8 أحرف", a message's "1–30"), in
 * the reader's digits, except inside a code: a word with a Latin letter ("UTF-8", "ST-000123",
 * "v1.2.0", "YYYY-MM-DD") keeps its ASCII digits.
 */
export function textDigitsIn(text: string, where: DisplayLocale): string {
  const system = digitsIn(where);
  return text
    .split(/([A-Za-z][\w./+-]*\d[\w./+-]*|\d[\w./+-]*[A-Za-z][\w./+-]*)/)
    .map((part, index) => (index % 2 ? part : digitsTo(part, system)))
    .join('');
}
