/**
 * Digit normalisation, free of zod (like `session.ts`): the sign-in page's one-time code uses it,
 * and that page does not load zod. `money.ts` re-exports it.
 */
/**
 * The two digit systems a user may read numbers in (docs/web.md, "Digits"): 'arab' Arabic-Indic (٠١٢٣), 'latn'
 * Western (0123), named as Unicode's numbering systems (Intl's `numberingSystem`). Only Arabic
 * screens use them: English is always Western.
 */
export const DIGIT_SYSTEMS = ['arab', 'latn'] as const;
export type DigitSystem = (typeof DIGIT_SYSTEMS)[number];
/** A tenant with no choice saved reads Arabic screens in Arabic-Indic digits. */
export const DEFAULT_DIGIT_SYSTEM: DigitSystem = 'arab';

/** A stored value as a digit system, null when it is none (a user who follows the tenant). */
export function digitSystemOf(value: string | null | undefined): DigitSystem | null {
  return (DIGIT_SYSTEMS as readonly string[]).includes(value ?? '') ? (value as DigitSystem) : null;
}

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

/** Left-to-right, right-to-left and Arabic letter marks, and the isolates: invisible, never part of a value. */
const BIDI_MARKS = new Set(['\u200e', '\u200f', '\u061c', '\u2066', '\u2067', '\u2068', '\u2069']);

/**
 * Arabic-Indic (U+0660..) and extended Arabic-Indic (U+06F0..) digits to ASCII, Arabic separators
 * too; bidirectional marks dropped (a code copied from an Arabic screen carries them).
 */
export function normalizeDigits(value: string): string {
  let result = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= ARABIC_INDIC_ZERO && code <= ARABIC_INDIC_ZERO + 9) result += String(code - ARABIC_INDIC_ZERO);
    else if (code >= EXTENDED_ARABIC_INDIC_ZERO && code <= EXTENDED_ARABIC_INDIC_ZERO + 9)
      result += String(code - EXTENDED_ARABIC_INDIC_ZERO);
    else if (char === '\u066b')
      result += '.'; // Arabic decimal separator
    else if (char === '\u066c' || char === ',')
      continue; // thousands separators
    else if (BIDI_MARKS.has(char))
      continue; // marks that keep a code's parts in order on screen (copied with it)
    else result += char;
  }
  return result.trim();
}
