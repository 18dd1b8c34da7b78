import { DEFAULT_DIGIT_SYSTEM, type DigitSystem } from '@meterline/contract/digits';
import type { Me } from '@meterline/contract/users';
import {
  codeIn,
  compactIn,
  countIn,
  decimalIn,
  digitsTo,
  isolateLtr as isolateLtrRun,
  isolateText as isolateTextRun,
  nameIn,
  nameRunIn,
  quantityIn,
  quantityRunIn,
  stripBidiMarks as stripMarks,
  textDigitsIn,
  type DisplayLocale,
} from '@meterline/contract/display-format';

/**
 * The one place that decides how numbers, quantities, codes and dates are written on screen
 * (docs/web.md, "Digits"): English is always Western digits; Arabic uses the signed-in user's digit
 * system (their own choice, else their tenant's default, else Arabic-Indic). Every formatter below,
 * the money, number, quantity and code components, the date pickers' dayjs locale and the
 * DataGrid's texts take their locale from here. The rule itself is the contract's
 * `display-format.ts`, which the printed documents follow too; `format-rules.test.ts` checks every
 * export of this module against it.
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

/** Where a text in `language` is written: the language and the user's digits. */
export function displayLocaleOf(language: string): DisplayLocale {
  return { language: language === 'ar' ? 'ar' : 'en', digits: digitSystem };
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
  return stripMarks(text);
}

/**
 * A text with digits that no Intl formatter wrote (a page's "1–25", an address, a grid cell), in the
 * language's digits: Western digits become Arabic-Indic ones on Arabic screens read in Arabic-Indic,
 * and the reverse, except inside a code (a word with a Latin letter: "UTF-8", "C-000014", "4A"),
 * which keeps its ASCII digits. Callers isolate the result.
 */
export function localizeDigits(text: string, language: string): string {
  return textDigitsIn(text, displayLocaleOf(language));
}

/**
 * A text's numbers in the language's digits (`localizeDigits`), a decimal point between
 * Arabic-Indic digits written as the Arabic decimal separator (12.50 → ١٢٫٥٠): a message's
 * amounts, a stored decimal shown in a read-only field.
 */
export function localizeNumbers(text: string, language: string): string {
  const localized = digitsTo(text, digitSystemFor(language));
  return digitSystemFor(language) === 'arab' ? localized.replace(/(?<=[٠-٩])\.(?=[٠-٩])/g, '٫') : localized;
}

/** A count in the user's language and digits, without bidi marks: callers isolate it where it may be negative. */
export function formatCount(value: number, language: string): string {
  return countIn(value, displayLocaleOf(language));
}

/** First-strong isolate (FSI … PDI) for a name inside a sentence, so an Arabic name in English text (or the reverse) keeps its own order. */
export function isolateText(text: string): string {
  return isolateTextRun(text);
}

/** Left-to-right isolate (LRI … PDI) for numbers inside a plain string, so `1–25` keeps its order in Arabic. */
export function isolateLtr(text: string): string {
  return isolateLtrRun(text);
}

/**
 * An exact decimal string (a meter reading "1234.500", a unit price "0.150000") in the user's
 * language, with at most `maxDecimals` decimals and no trailing zeros. Intl formats the string
 * itself, so no float ever rounds it. Callers isolate it (`<DecimalText>` does).
 */
export function formatDecimal(value: string, language: string, maxDecimals = 3): string {
  return decimalIn(value, displayLocaleOf(language), maxDecimals);
}

/**
 * A quantity with its unit ("320 kWh", "15 A", "12.5 m³", "10 %") as one left-to-right isolated run,
 * the number first in the user's digits: for a plain string (a title, a message's value, a chart's
 * label). `<DecimalText unit>` shows the same run (`quantityRun`).
 */
export function formatQuantity(value: string | number, unit: string | null | undefined, language: string, maxDecimals = 3): string {
  return quantityIn(value, unit, displayLocaleOf(language), maxDecimals);
}

/** The inside of `formatQuantity`'s run, for a component that isolates it itself (`<bdi dir="ltr">`). */
export function quantityRun(value: string | number, unit: string | null | undefined, language: string, maxDecimals = 3): string {
  return quantityRunIn(value, unit, displayLocaleOf(language), maxDecimals);
}

/**
 * A code (INV-2026-000001, C-000014, +961 3 975805, UTF-8, v1.2.0) as stored, never digit-converted,
 * isolated left to right: the same on screen as on paper. `<CodeText>` shows the same run. The
 * language is taken for the formatters' shape and changes nothing.
 */
export function formatCode(code: string, _language?: string): string {
  return codeIn(code);
}

/**
 * A name typed by staff (a bundle, a tariff, a building) isolated: its digits in the user's system,
 * groups in order, a code word kept ("4A"); a name that is a quantity ("15 A") as a quantity's run.
 */
export function formatName(name: string, language: string): string {
  return nameIn(name, displayLocaleOf(language));
}

/** The inside of `formatName`'s run, for a component that isolates it itself (`<NameText>`). */
export function nameRun(name: string, language: string): string {
  return nameRunIn(name, displayLocaleOf(language));
}

/** A chart axis's number, short and in the user's digits: 250K, ٢٥٠ ألف (or 250 ألف). */
export function formatCompact(value: number, language: string): string {
  return compactIn(value, displayLocaleOf(language));
}
