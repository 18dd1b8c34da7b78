import { DEFAULT_DIGIT_SYSTEM, type DigitSystem } from '@meterline/contract/digits';
import type { Me } from '@meterline/contract/users';
import { numberFormat } from '@meterline/contract/intl-formats';

/**
 * The one place that decides how numbers, dates and codes are written (docs/web.md, "Digits"): English is
 * always Western digits; Arabic uses the signed-in user's digit system (their own choice, else
 * their tenant's default, else Arabic-Indic). Every formatter below, the money and number
 * components, the date pickers' dayjs locale and the DataGrid's texts take their locale from here.
 */
let digitSystem: DigitSystem = DEFAULT_DIGIT_SYSTEM;

/** The user's digit system: their own choice, else the tenant's default. */
export function digitSystemOfUser(user: Pick<Me, 'digits' | 'tenant'> | null | undefined): DigitSystem {
  return user?.digits ?? user?.tenant?.default_digits ?? DEFAULT_DIGIT_SYSTEM;
}

/** Sets the digit system Arabic screens use; whether it changed (the caller re-renders the texts then). */
export function setDigitSystem(next: DigitSystem): boolean {
  if (next === digitSystem) return false;
  digitSystem = next;
  return true;
}

/** The digit system a language is written in now: English always Western. */
export function digitSystemFor(language: string): DigitSystem {
  return language === 'ar' ? digitSystem : 'latn';
}

/** The Intl locale of numbers (and money) in a language, with the user's digits: `ar-EG` or `ar-EG-u-nu-latn`. */
export function numberLocale(language: string): string {
  if (language !== 'ar') return 'en-US';
  return digitSystem === 'latn' ? 'ar-EG-u-nu-latn' : 'ar-EG';
}

/** The Intl locale of dates in a language (day before month in English too), with the user's digits. */
export function dateLocale(language: string): string {
  return language === 'ar' ? numberLocale(language) : 'en-GB';
}

/** The dayjs locale of the date pickers: `ar` writes Arabic-Indic digits, `ar-latn` Western ones. */
export function dayjsLocale(language: string): 'en' | 'ar' | 'ar-latn' {
  if (language !== 'ar') return 'en';
  return digitSystem === 'latn' ? 'ar-latn' : 'ar';
}

/** Arabic formatting adds bidi marks (ALM, RLM, LRM) that, inside a left-to-right isolate, push the minus behind the digits. */
export function stripBidiMarks(text: string): string {
  return text.replace(/[\u061c\u200e\u200f]/g, '');
}

const WESTERN_DIGIT = /[0-9]/g;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * A text with digits that no Intl formatter wrote (an invoice number `INV-2026-000123`, a phone, a
 * page's "1–25"), in the language's digits: Western digits become Arabic-Indic ones on Arabic
 * screens read in Arabic-Indic, and the reverse. Letters and punctuation are kept; callers isolate
 * the result left to right (`<bdi dir="ltr">`, `<CodeText>`).
 */
export function localizeDigits(text: string, language: string): string {
  if (digitSystemFor(language) === 'arab') return text.replace(WESTERN_DIGIT, (digit) => String.fromCharCode(0x0660 + Number(digit)));
  return text.replace(ARABIC_INDIC_DIGIT, (digit) => String((digit.charCodeAt(0) - 0x0660) % 0x90));
}

/**
 * A text's numbers in the language's digits (`localizeDigits`), a decimal point between
 * Arabic-Indic digits written as the Arabic decimal separator (12.50 → ١٢٫٥٠): a message's
 * amounts, a stored decimal shown in a read-only field.
 */
export function localizeNumbers(text: string, language: string): string {
  const localized = localizeDigits(text, language);
  return digitSystemFor(language) === 'arab' ? localized.replace(/(?<=[٠-٩])\.(?=[٠-٩])/g, '٫') : localized;
}

/** A count in the user's language and digits, without bidi marks: callers isolate it. */
export function formatCount(value: number, language: string): string {
  return stripBidiMarks(numberFormat(numberLocale(language)).format(value));
}

/** First-strong isolate (FSI … PDI) for a name inside a sentence, so an Arabic name in English text (or the reverse) keeps its own order. */
export function isolateText(text: string): string {
  return `\u2068${text}\u2069`;
}

/** Left-to-right isolate (LRI … PDI) for numbers inside a plain string, so `1–25` keeps its order in Arabic. */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

/**
 * An exact decimal string (a meter reading "1234.500", a unit price "0.150000") in the user's
 * language, with at most `maxDecimals` decimals and no trailing zeros. Intl formats the string
 * itself, so no float ever rounds it. Callers isolate it (`<DecimalText>` does).
 */
export function formatDecimal(value: string, language: string, maxDecimals = 3): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  const format = numberFormat(numberLocale(language), { maximumFractionDigits: maxDecimals });
  return stripBidiMarks(format.format(value as `${number}`));
}

/**
 * A code or a phone in Arabic-Indic digits, its digit groups kept in their left-to-right order:
 * Arabic-Indic digits are "Arabic numbers" to the Unicode bidi algorithm, and the separators between
 * two groups (the space of `+961 3 975805`, the hyphen of `INV-2026-000123`) take the right-to-left
 * direction even inside a left-to-right isolate, which showed `INV-٠٠٠١٢٣-٢٠٢٦`. A left-to-right mark
 * before each group that follows a separator keeps the order. Western digits need none.
 */
function keepDigitGroupsInOrder(text: string): string {
  return text.replace(/(?<=[^\u0660-\u0669\u06f0-\u06f9])(?=[\u0660-\u0669\u06f0-\u06f9])/g, '\u200e');
}

/**
 * A code or phone (INV-2026-000001, ST-E2-1, +961 3 975805) in the language's digits with its digit
 * groups in order: what `CodeText` shows, for places that need a string (a subtitle, a breadcrumb,
 * a read-only field). Callers isolate it (`isolateLtr`) where it sits inside other text.
 */
export function localizeCode(text: string, language: string): string {
  return keepDigitGroupsInOrder(localizeDigits(text, language));
}

/** A chart axis's number, short and in the user's digits: 250K, ٢٥٠ ألف (or 250 ألف). */
export function formatCompact(value: number, language: string): string {
  return stripBidiMarks(numberFormat(numberLocale(language), { notation: 'compact', maximumFractionDigits: 1 }).format(value));
}
