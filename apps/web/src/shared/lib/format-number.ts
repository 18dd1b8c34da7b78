import { stripBidiMarks } from '../ui/money';

/** A count in the user's language (Arabic-Indic digits in Arabic), without bidi marks: callers isolate it. */
export function formatCount(value: number, language: string): string {
  return stripBidiMarks(new Intl.NumberFormat(language === 'ar' ? 'ar-EG' : 'en-US').format(value));
}

/** Left-to-right isolate (LRI … PDI) for numbers inside a plain string, so `1–25` keeps its order in Arabic. */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}
