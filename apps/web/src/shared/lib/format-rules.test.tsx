import { render } from '@testing-library/react';
import {
  checkCode,
  checkName,
  checkNumber,
  checkQuantity,
  checkText,
  DISPLAY_CASES,
  type DisplayCase,
} from '@meterline/contract/display-format-check';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index';
import { CodeText } from '../ui/code-text';
import { DecimalText } from '../ui/decimal-text';
import { NameText } from '../ui/name-text';
import { NumberText } from '../ui/number-text';
import * as dates from './format-date';
import * as numbers from './format-number';

/**
 * Every formatter of the screens (`format-number.ts`, `format-date.ts`) and the components that show
 * their runs, against the display rule (docs/web.md, "Digits"), in English and Arabic with both digit
 * systems. Each export is listed with the rule it follows: a new one fails the typecheck (the
 * `Record` over the module) and this test (the list of exports) until it is checked here.
 */
type Probe =
  | { kind: 'number'; call(language: string): string }
  | { kind: 'quantity'; unit: string; call(language: string): string }
  | { kind: 'code'; code: string; call(language: string): string }
  | { kind: 'name'; name: string; codeWord?: string; call(language: string): string }
  | { kind: 'text'; text: string; codeWord?: string; call(language: string): string }
  | { kind: 'not a formatter'; why: string };

const NUMBERS: Record<keyof typeof numbers, Probe> = {
  digitSystemOfUser: { kind: 'not a formatter', why: 'reads the user' },
  setDigitSystem: { kind: 'not a formatter', why: 'sets the user’s digits' },
  digitSystemFor: { kind: 'not a formatter', why: 'says which digits' },
  displayLocaleOf: { kind: 'not a formatter', why: 'makes a locale' },
  numberLocale: { kind: 'not a formatter', why: 'an Intl locale, checked through the formatters that use it' },
  dateLocale: { kind: 'not a formatter', why: 'an Intl locale, checked through the formatters that use it' },
  dayjsLocale: { kind: 'not a formatter', why: 'the pickers’ locale name' },
  stripBidiMarks: { kind: 'not a formatter', why: 'removes marks from a formatted text' },
  isolateText: { kind: 'not a formatter', why: 'wraps a run a formatter wrote' },
  isolateLtr: { kind: 'not a formatter', why: 'wraps a run a formatter wrote' },
  localizeDigits: {
    kind: 'text',
    text: 'CSV (UTF-8), 12 rows',
    codeWord: 'UTF-8',
    call: (language) => numbers.localizeDigits('CSV (UTF-8), 12 rows', language),
  },
  localizeNumbers: { kind: 'number', call: (language) => numbers.localizeNumbers('12.50', language) },
  formatCount: { kind: 'number', call: (language) => numbers.formatCount(1234, language) },
  formatDecimal: { kind: 'number', call: (language) => numbers.formatDecimal('1234.500', language) },
  formatCompact: { kind: 'number', call: (language) => numbers.formatCompact(250_000, language) },
  formatQuantity: { kind: 'quantity', unit: 'kWh', call: (language) => numbers.formatQuantity('320.5', 'kWh', language) },
  quantityRun: { kind: 'quantity', unit: 'A', call: (language) => numbers.isolateLtr(numbers.quantityRun('15', 'A', language)) },
  formatCode: { kind: 'code', code: 'INV-2026-000123', call: (language) => numbers.formatCode('INV-2026-000123', language) },
  formatName: { kind: 'name', name: 'Tariff 2026-09', call: (language) => numbers.formatName('Tariff 2026-09', language) },
  nameRun: {
    kind: 'name',
    name: 'Building 12, 4A',
    codeWord: '4A',
    call: (language) => numbers.isolateText(numbers.nameRun('Building 12, 4A', language)),
  },
};

const DATES: Record<keyof typeof dates, Probe> = {
  formatDate: { kind: 'number', call: (language) => dates.formatDate('2026-10-05', language) },
  formatDateTime: { kind: 'number', call: (language) => dates.formatDateTime('2026-10-05T09:30:00Z', language, 'UTC') },
  formatMonth: { kind: 'number', call: (language) => dates.formatMonth('2026-10', language) },
};

function problemsOf(probe: Probe, where: DisplayCase): string[] {
  numbers.setDigitSystem(where.digits);
  switch (probe.kind) {
    case 'number':
      return checkNumber(probe.call(where.language), where);
    case 'quantity':
      return checkQuantity(probe.call(where.language), where, probe.unit);
    case 'code':
      return checkCode(probe.call(where.language), probe.code);
    case 'name':
      return checkName(probe.call(where.language), where, probe.name, probe.codeWord);
    case 'text':
      return checkText(probe.call(where.language), where, probe.text, probe.codeWord);
    default:
      return [];
  }
}

const CASES = DISPLAY_CASES.map((where) => [`${where.language}, ${where.digits}`, where] as const);

afterEach(() => {
  numbers.setDigitSystem('arab');
  initI18n('en');
});

describe.each([
  ['format-number', numbers, NUMBERS],
  ['format-date', dates, DATES],
] as const)('every export of %s follows the display rule', (_name, module, probes) => {
  it('lists every export with its rule', () => {
    expect(Object.keys(module).sort()).toEqual(Object.keys(probes).sort());
  });

  it.each(CASES)('in %s', (_label, where) => {
    const problems = Object.entries(probes as Record<string, Probe>).flatMap(([name, probe]) =>
      problemsOf(probe, where).map((problem) => `${name}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});

/** What a component shows, its `<bdi dir="ltr">` read as a left-to-right isolate (as the documents' checks read theirs). */
function shown(element: React.ReactElement, where: DisplayCase): string {
  numbers.setDigitSystem(where.digits);
  initI18n(where.language);
  const { container, unmount } = render(element);
  const bdi = container.querySelector('bdi');
  const text = bdi?.getAttribute('dir') === 'ltr' ? `\u2066${bdi.textContent}\u2069` : bdi ? `\u2068${bdi.textContent}\u2069` : '';
  unmount();
  return text;
}

describe('the components show the same runs', () => {
  it.each(CASES)('in %s', (_label, where) => {
    expect(checkQuantity(shown(<DecimalText value="320.5" unit="kWh" />, where), where, 'kWh')).toEqual([]);
    expect(checkQuantity(shown(<NameText value="15 A" />, where), where, 'A')).toEqual([]);
    expect(checkName(shown(<NameText value="Tariff 2026-09" />, where), where, 'Tariff 2026-09')).toEqual([]);
    expect(checkCode(shown(<CodeText value="C-000014" />, where), 'C-000014')).toEqual([]);
    expect(checkCode(shown(<CodeText value="+961 3 975805" />, where), '+961 3 975805')).toEqual([]);
    expect(checkNumber(shown(<NumberText value={1234} />, where), where)).toEqual([]);
  });
});
