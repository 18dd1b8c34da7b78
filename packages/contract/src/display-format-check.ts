import type { DigitSystem } from './digits';

/**
 * The display rule (`display-format.ts`, docs/web.md "Digits") as checks, for the tests that go over
 * every formatter of the screens (web `format-number.ts`), of the contract (`display-format.ts`,
 * `money-format.ts`) and of the printed documents (API `document-format.ts`): each of those tests
 * lists every export of its module with the rule it follows, so a new formatter that no one checked
 * fails its test. A check returns the problems it found, none when the text follows the rule.
 */

/** Where a formatter writes: English or Arabic, and the reader's digits. */
export interface DisplayCase {
  language: 'en' | 'ar';
  digits: DigitSystem;
}

/** Every language with both digit systems: English must stay Western whatever the reader chose. */
export const DISPLAY_CASES: readonly DisplayCase[] = [
  { language: 'en', digits: 'arab' },
  { language: 'en', digits: 'latn' },
  { language: 'ar', digits: 'arab' },
  { language: 'ar', digits: 'latn' },
];

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';
const ISOLATE = /[\u2066-\u2069]/;
const MARKS = /[\u061c\u200e\u200f\u2066-\u2069]/g;
const WESTERN = /[0-9]/;
const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;
const DIGITS = /[0-9\u0660-\u0669\u06f0-\u06f9]/g;

/** The digit system a case's numbers are written in: English always Western. */
export function digitsOfCase(where: DisplayCase): DigitSystem {
  return where.language === 'ar' ? where.digits : 'latn';
}

/** What a reader sees: the text without its invisible bidi marks and isolates. */
export function visibleText(text: string): string {
  return text.replace(MARKS, '');
}

/**
 * A printed document's HTML fragment as the text a screen would show: `<bdi dir="ltr">` becomes a
 * left-to-right isolate, `<bdi>` a first-strong one, other tags go, entities are read. The checks
 * below then read a document's output as they read a screen's.
 */
export function htmlAsText(html: string): string {
  return html
    .replace(/<bdi dir="ltr"[^>]*>/g, LRI)
    .replace(/<bdi[^>]*>/g, FSI)
    .replace(/<\/bdi>/g, PDI)
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Numbers in the case's digits: at least one digit, none of the other system. */
export function checkNumber(text: string, where: DisplayCase): string[] {
  const expected = digitsOfCase(where);
  const problems: string[] = [];
  if (!text.match(DIGITS)) problems.push(`no digit in "${text}"`);
  const wrong = expected === 'arab' ? WESTERN : ARABIC_INDIC;
  if (wrong.test(text))
    problems.push(`"${text}" has ${expected === 'arab' ? 'Western' : 'Arabic-Indic'} digits, the reader reads ${expected}`);
  return problems;
}

/** The whole text is one isolate of the given opening (LRI or FSI), with no other isolate inside. */
function isOneIsolate(text: string, opening: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith(opening) || !trimmed.endsWith(PDI)) return false;
  return !ISOLATE.test(trimmed.slice(1, -1));
}

/**
 * A quantity with its unit: one left-to-right isolated run (LRI … PDI, nothing outside it), the
 * number first in the case's digits, then the unit, joined by a space that does not break.
 */
export function checkQuantity(text: string, where: DisplayCase, unit: string): string[] {
  const problems: string[] = [];
  if (!isOneIsolate(text, LRI)) problems.push(`"${text}" is not one left-to-right isolated run`);
  const seen = visibleText(text).trim();
  const unitAt = seen.lastIndexOf(unit);
  if (unitAt < 0) problems.push(`"${seen}" lost its unit "${unit}"`);
  const number = unitAt < 0 ? seen : seen.slice(0, unitAt);
  if (!/^-?[0-9\u0660-\u0669,.\u066b\u066c]+\u00a0$/.test(number))
    problems.push(`"${seen}" is not the number, an unbreakable space, then the unit`);
  if (unitAt >= 0 && seen.slice(unitAt) !== unit) problems.push(`"${seen}" has something after its unit`);
  problems.push(...checkNumber(number, where));
  // After Arabic-Indic digits ("Arabic numbers" to the bidi algorithm) a left-to-right mark keeps an Arabic unit after the number.
  if (digitsOfCase(where) === 'arab' && !text.includes('\u200e\u00a0'))
    problems.push(`"${text}" lacks the mark that keeps the unit after the number`);
  return problems;
}

/** A code: its ASCII digits exactly as stored, in one left-to-right isolated run, whatever the case. */
export function checkCode(text: string, code: string): string[] {
  const problems: string[] = [];
  if (!isOneIsolate(text, LRI)) problems.push(`"${text}" is not one left-to-right isolated run`);
  if (visibleText(text) !== code) problems.push(`"${visibleText(text)}" is not the code "${code}" as stored`);
  if (ARABIC_INDIC.test(text)) problems.push(`"${text}" converted the code's digits`);
  return problems;
}

/**
 * A name typed by staff with a number in it ("Building 12"): isolated by its first letter, its
 * digits in the case's system, each group after another character led by a left-to-right mark when
 * Arabic-Indic; a code word in it ("4A") keeps its ASCII digits.
 */
export function checkName(text: string, where: DisplayCase, name: string, codeWord?: string): string[] {
  const problems: string[] = [];
  if (!isOneIsolate(text, FSI)) problems.push(`"${text}" is not one first-strong isolate`);
  problems.push(...checkText(text, where, name, codeWord));
  if (digitsOfCase(where) === 'arab' && /[^\u0660-\u0669\u200e][\u0660-\u0669]/.test(text.slice(1, -1)))
    problems.push(`"${text}" has an Arabic-Indic digit group without the mark that keeps it in order`);
  return problems;
}

/**
 * Digits in a text no formatter wrote (a catalogue's "12 شهرًا", a grid cell): the case's digits,
 * except in a code word ("UTF-8"), which keeps its ASCII digits; nothing else of the text changes.
 */
export function checkText(text: string, where: DisplayCase, original: string, codeWord?: string): string[] {
  const problems: string[] = [];
  const seen = visibleText(text);
  problems.push(...checkNumber(codeWord ? seen.replace(codeWord, '') : seen, where));
  if (codeWord && !seen.includes(codeWord)) problems.push(`"${seen}" converted the code word "${codeWord}"`);
  if (seen.replace(DIGITS, '0') !== original.replace(DIGITS, '0')) problems.push(`"${seen}" is not "${original}" in other digits`);
  return problems;
}
