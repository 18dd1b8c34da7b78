import { describe, expect, it } from 'vitest';
import * as display from './display-format';
import { checkCode, checkName, checkNumber, checkQuantity, checkText, DISPLAY_CASES, type DisplayCase } from './display-format-check';
import * as money from './money-format';

/**
 * Every export of the contract's display rule (`display-format.ts`) and of money's formatting
 * (`money-format.ts`), with the rule it follows (docs/web.md, "Digits"), checked in English and
 * Arabic with both digit systems. A new export must be added here (the `Record` over the module's
 * exports fails the typecheck, and the test fails on an export it does not list): a formatter cannot
 * be added without saying which rule it follows.
 */
type Probe =
  | { kind: 'number'; call(where: DisplayCase): string }
  | { kind: 'quantity'; unit: string; call(where: DisplayCase): string }
  | { kind: 'code'; code: string; call(where: DisplayCase): string }
  | { kind: 'name'; name: string; codeWord?: string; call(where: DisplayCase): string }
  | { kind: 'text'; text: string; codeWord?: string; call(where: DisplayCase): string }
  | { kind: 'not a formatter'; why: string };

const DISPLAY: Record<keyof typeof display, Probe> = {
  LRI: { kind: 'not a formatter', why: 'a bidi control character' },
  RLI: { kind: 'not a formatter', why: 'a bidi control character' },
  FSI: { kind: 'not a formatter', why: 'a bidi control character' },
  PDI: { kind: 'not a formatter', why: 'a bidi control character' },
  LRM: { kind: 'not a formatter', why: 'a bidi control character' },
  UNIT_SPACE: { kind: 'not a formatter', why: 'the space between a number and its unit' },
  digitsIn: { kind: 'not a formatter', why: 'says which digits, writes nothing' },
  displayLocale: { kind: 'not a formatter', why: 'makes a locale' },
  numberLocaleIn: { kind: 'not a formatter', why: 'an Intl locale, checked through the formatters that use it' },
  dateLocaleIn: { kind: 'not a formatter', why: 'an Intl locale, checked through the formatters that use it' },
  stripBidiMarks: { kind: 'not a formatter', why: 'removes marks from a formatted text' },
  withoutIsolates: { kind: 'not a formatter', why: 'removes isolates where a component isolates itself' },
  isolateLtr: { kind: 'not a formatter', why: 'wraps a run that a formatter wrote' },
  isolateText: { kind: 'not a formatter', why: 'wraps a run that a formatter wrote' },
  isolateMoney: { kind: 'not a formatter', why: 'wraps an amount that formatMoney wrote (its cases below)' },
  arabicSignAfter: { kind: 'not a formatter', why: 'reads a formatted amount (checked through isolateMoney)' },
  digitsTo: { kind: 'number', call: (where) => display.digitsTo('12', where.language === 'ar' ? where.digits : 'latn') },
  keepDigitGroupsInOrder: { kind: 'not a formatter', why: 'adds marks to a text in Arabic-Indic digits (checked by `name`)' },
  countIn: { kind: 'number', call: (where) => display.countIn(1234, where) },
  decimalIn: { kind: 'number', call: (where) => display.decimalIn('1234.500', where) },
  compactIn: { kind: 'number', call: (where) => display.compactIn(250_000, where) },
  quantityRunIn: { kind: 'quantity', unit: 'kWh', call: (where) => display.isolateLtr(display.quantityRunIn('320.5', 'kWh', where)) },
  quantityIn: { kind: 'quantity', unit: 'm³', call: (where) => display.quantityIn('12.5', 'm³', where) },
  codeIn: { kind: 'code', code: 'INV-2026-000123', call: () => display.codeIn('INV-2026-000123') },
  quantityOfName: { kind: 'not a formatter', why: 'reads a name (its cases below)' },
  nameRunIn: {
    kind: 'name',
    name: 'Building 12, 4A',
    codeWord: '4A',
    call: (where) => display.isolateText(display.nameRunIn('Building 12, 4A', where)),
  },
  nameIn: { kind: 'name', name: 'Tariff 2026-09', call: (where) => display.nameIn('Tariff 2026-09', where) },
  textDigitsIn: { kind: 'text', text: 'UTF-8, 12 rows', codeWord: 'UTF-8', call: (where) => display.textDigitsIn('UTF-8, 12 rows', where) },
};

const MONEY: Record<keyof typeof money, Probe> = {
  CURRENCY_DECIMALS: { kind: 'not a formatter', why: 'a table' },
  CURRENCIES: { kind: 'not a formatter', why: 'a list' },
  DECIMAL_PATTERN: { kind: 'not a formatter', why: 'a pattern' },
  QUANTITY_SCALE: { kind: 'not a formatter', why: 'a scale' },
  UNIT_PRICE_SCALE: { kind: 'not a formatter', why: 'a scale' },
  TAX_RATE_SCALE: { kind: 'not a formatter', why: 'a scale' },
  currencyDecimals: { kind: 'not a formatter', why: 'a number of decimals' },
  parseScaled: { kind: 'not a formatter', why: 'reads' },
  parseMoney: { kind: 'not a formatter', why: 'reads' },
  formatScaled: { kind: 'not a formatter', why: 'the stored decimal text (API and forms), never shown as is' },
  formatMoneyAmount: { kind: 'not a formatter', why: 'the stored decimal text (API and forms), never shown as is' },
  formatMoney: { kind: 'number', call: (where) => money.formatMoney('-1234.5', 'USD', display.numberLocaleIn(where)) },
  divideRoundHalfUp: { kind: 'not a formatter', why: 'arithmetic' },
  lineAmountMinor: { kind: 'not a formatter', why: 'arithmetic' },
  taxMinor: { kind: 'not a formatter', why: 'arithmetic' },
  computeInvoiceTotals: { kind: 'not a formatter', why: 'arithmetic' },
};

function problemsOf(probe: Probe, where: DisplayCase): string[] {
  switch (probe.kind) {
    case 'number':
      return checkNumber(probe.call(where), where);
    case 'quantity':
      return checkQuantity(probe.call(where), where, probe.unit);
    case 'code':
      return checkCode(probe.call(where), probe.code);
    case 'name':
      return checkName(probe.call(where), where, probe.name, probe.codeWord);
    case 'text':
      return checkText(probe.call(where), where, probe.text, probe.codeWord);
    default:
      return [];
  }
}

describe.each([
  ['display-format', display, DISPLAY],
  ['money-format', money, MONEY],
] as const)('every export of %s follows the display rule', (_name, module, probes) => {
  it('lists every export with its rule', () => {
    expect(Object.keys(module).sort()).toEqual(Object.keys(probes).sort());
  });

  it.each(DISPLAY_CASES.map((where) => [`${where.language}, ${where.digits}`, where] as const))('in %s', (_label, where) => {
    const problems = Object.entries(probes as Record<string, Probe>).flatMap(([name, probe]) =>
      problemsOf(probe, where).map((problem) => `${name}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});

describe('a name that is a quantity', () => {
  it('is written as a quantity: "15 A" is one left-to-right run, never "A 15"', () => {
    for (const where of DISPLAY_CASES) {
      expect(checkQuantity(display.nameIn('15 A', where), where, 'A')).toEqual([]);
      expect(checkQuantity(display.nameIn('12.5 m³', where), where, 'm³')).toEqual([]);
    }
    expect(display.quantityOfName('15 A: tiered')).toBeNull();
    expect(display.quantityOfName('Tariff 2026-09')).toBeNull();
    expect(display.quantityOfName('١٠ A')).toEqual({ value: '10', unit: 'A' });
  });

  it('keeps an Arabic unit after the number in Arabic-Indic digits, as a Latin one', () => {
    const where = { language: 'ar', digits: 'arab' } as const;
    expect(display.quantityIn('320', 'جلسة', where)).toBe('\u2066٣٢٠\u200e\u00a0جلسة\u2069');
    expect(display.quantityIn('320', 'kWh', { language: 'ar', digits: 'latn' })).toBe('\u2066320\u00a0kWh\u2069');
  });
});

describe('digits written in a text', () => {
  it('follow the reader, except inside a code word', () => {
    const where = { language: 'ar', digits: 'arab' } as const;
    expect(display.textDigitsIn('CSV (UTF-8) أو YYYY-MM-DD، حتى 12 شهرًا', where)).toBe('CSV (UTF-8) أو YYYY-MM-DD، حتى ١٢ شهرًا');
    expect(display.textDigitsIn('Apartment 4A, floor 5', where)).toBe('Apartment 4A, floor ٥');
    expect(display.textDigitsIn('v1.2.0', where)).toBe('v1.2.0');
  });
});

describe('the checks', () => {
  it('catch what the rule forbids', () => {
    const arabic = { language: 'ar', digits: 'arab' } as const;
    expect(checkQuantity('A ١٥', arabic, 'A')).not.toEqual([]); // flipped and not isolated
    expect(checkQuantity('\u2066١٥ A\u2069', arabic, 'A')).not.toEqual([]); // a breakable space, no mark
    expect(checkQuantity('\u2066ساعة/kWh ٣٢٠\u2069', arabic, 'kWh')).not.toEqual([]); // the unit split from its number
    expect(checkCode('\u2066INV-٢٠٢٦-٠٠٠١٢٣\u2069', 'INV-2026-000123')).not.toEqual([]);
    expect(checkCode('INV-2026-000123', 'INV-2026-000123')).not.toEqual([]); // not isolated
    expect(checkNumber('1,234', arabic)).not.toEqual([]);
    expect(checkText('UTF-٨', arabic, 'UTF-8', 'UTF-8')).not.toEqual([]);
  });
});

describe('quantityOfName', () => {
  it('reads a number, a space and a unit, or a symbol right after the number; a code such as "8C" is none', () => {
    expect(display.quantityOfName('15 A')).toEqual({ value: '15', unit: 'A' });
    expect(display.quantityOfName('12.5 m³')).toEqual({ value: '12.5', unit: 'm³' });
    expect(display.quantityOfName('10%')).toEqual({ value: '10', unit: '%' });
    expect(display.quantityOfName('8C')).toBeNull();
    expect(display.quantityOfName('4A')).toBeNull();
    expect(display.quantityOfName('5')).toBeNull();
  });
});

describe('isolateMoney', () => {
  it('keeps a Latin sign in a left-to-right run and reads an Arabic sign right to left after the number', () => {
    expect(display.isolateMoney('١٢٤٫٤٩ US$')).toBe(`${display.LRI}١٢٤٫٤٩ US$${display.PDI}`);
    expect(display.isolateMoney('٩٠٠٬٠٠٠ ل.ل.')).toBe(`${display.RLI}${display.LRI}٩٠٠٬٠٠٠${display.PDI} ل.ل.${display.PDI}`);
    expect(display.arabicSignAfter('$12.00')).toBeNull();
  });
});
