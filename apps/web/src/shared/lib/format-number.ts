import { stripBidiMarks } from '../ui/money';

/** A count in the user's language (Arabic-Indic digits in Arabic), without bidi marks: callers isolate it. */
export function formatCount(value: number, language: string): string {
  return stripBidiMarks(new Intl.NumberFormat(language === 'ar' ? 'ar-EG' : 'en-US').format(value));
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
  const format = new Intl.NumberFormat(language === 'ar' ? 'ar-EG' : 'en-US', { maximumFractionDigits: maxDecimals });
  return stripBidiMarks(format.format(value as `${number}`));
}

/** A chart axis's number, short and in the language's digits: 250K, ٢٥٠ ألف. */
export function formatCompact(value: number, language: string): string {
  return stripBidiMarks(new Intl.NumberFormat(language === 'ar' ? 'ar-EG' : 'en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value));
}
