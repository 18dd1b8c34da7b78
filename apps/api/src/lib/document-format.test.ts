import {
  checkCode,
  checkName,
  checkNumber,
  checkQuantity,
  DISPLAY_CASES,
  htmlAsText,
  type DisplayCase,
} from '@meterline/contract/display-format-check';
import { describe, expect, it } from 'vitest';
import * as documents from './document-format';

/**
 * Every formatter of the printed documents (PDF: HTML printed by Chromium) against the display rule
 * the screens follow (docs/web.md, "Digits"), in English and Arabic with both digit systems: the
 * same code in the same digits on screen and on paper, a quantity as one left-to-right run. Each
 * export is listed with its rule: a new one fails the typecheck and this test until it is checked.
 */
type Probe =
  | { kind: 'number'; call(where: documents.DocumentLocale): string }
  | { kind: 'quantity'; unit: string; call(where: documents.DocumentLocale): string }
  | { kind: 'code'; code: string; call(where: documents.DocumentLocale): string }
  | { kind: 'name'; name: string; call(where: documents.DocumentLocale): string }
  | { kind: 'not a formatter'; why: string };

const DOCUMENTS: Record<keyof typeof documents, Probe> = {
  documentLocale: { kind: 'not a formatter', why: 'makes a locale' },
  documentLanguage: { kind: 'not a formatter', why: 'picks a language' },
  documentReader: { kind: 'not a formatter', why: 'reads the request (its digits are checked in the routes’ tests)' },
  escapeHtml: { kind: 'not a formatter', why: 'escapes' },
  ltrHtml: { kind: 'not a formatter', why: 'wraps a run a formatter wrote' },
  textHtml: { kind: 'not a formatter', why: 'free text as typed (a customer’s name, a line’s description)' },
  countHtml: { kind: 'number', call: (where) => documents.countHtml(1234, where) },
  decimalHtml: { kind: 'number', call: (where) => documents.decimalHtml('1234.500', where) },
  quantityHtml: { kind: 'quantity', unit: 'kWh', call: (where) => documents.quantityHtml('320.5', 'kWh', where) },
  codeHtml: { kind: 'code', code: 'INV-2026-000123', call: () => documents.codeHtml('INV-2026-000123') },
  nameHtml: { kind: 'name', name: 'Tariff 2026-09', call: (where) => documents.nameHtml('Tariff 2026-09', where) },
  moneyHtml: { kind: 'number', call: (where) => documents.moneyHtml('-1234.50', 'USD', where) },
  dateText: { kind: 'number', call: (where) => documents.dateText('2026-11-19', where) },
  monthText: { kind: 'number', call: (where) => documents.monthText('2026-11', where) },
  periodText: { kind: 'number', call: (where) => documents.periodText('2026-11-01', '2026-11-15', where) },
  timeText: { kind: 'number', call: (where) => documents.timeText('2026-11-19T09:30:00Z', 'UTC', where) },
  pluralHtml: { kind: 'number', call: (where) => documents.pluralHtml({ one: '{count} day', other: '{count} days' }, 12, where) },
};

function problemsOf(probe: Probe, where: DisplayCase): string[] {
  const locale = documents.documentLocale(where.language, where.digits);
  switch (probe.kind) {
    case 'number':
      return checkNumber(htmlAsText(probe.call(locale)), where);
    case 'quantity':
      return checkQuantity(htmlAsText(probe.call(locale)), where, probe.unit);
    case 'code':
      return checkCode(htmlAsText(probe.call(locale)), probe.code);
    case 'name':
      return checkName(htmlAsText(probe.call(locale)), where, probe.name);
    default:
      return [];
  }
}

describe('every formatter of the printed documents follows the display rule', () => {
  it('lists every export with its rule', () => {
    expect(Object.keys(documents).sort()).toEqual(Object.keys(DOCUMENTS).sort());
  });

  it.each(DISPLAY_CASES.map((where) => [`${where.language}, ${where.digits}`, where] as const))('in %s', (_label, where) => {
    const problems = Object.entries(DOCUMENTS).flatMap(([name, probe]) => problemsOf(probe, where).map((problem) => `${name}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('prints a bundle named "15 A" as a quantity, and a count with its plural form', () => {
    for (const where of DISPLAY_CASES) {
      const locale = documents.documentLocale(where.language, where.digits);
      expect(checkQuantity(htmlAsText(documents.nameHtml('15 A', locale)), where, 'A')).toEqual([]);
    }
    const arabic = documents.documentLocale('ar', 'arab');
    const days = { zero: '{count} يوم', one: 'يوم واحد', two: 'يومان', few: '{count} أيام', many: '{count} يومًا', other: '{count} يوم' };
    expect(htmlAsText(documents.pluralHtml(days, 2, arabic))).toBe('يومان');
    expect(htmlAsText(documents.pluralHtml(days, 3, arabic))).toBe('\u2066٣\u2069 أيام');
    expect(htmlAsText(documents.pluralHtml({ one: '{count} day', other: '{count} days' }, 1, documents.documentLocale('en')))).toBe(
      '\u20661\u2069 day',
    );
  });
});
