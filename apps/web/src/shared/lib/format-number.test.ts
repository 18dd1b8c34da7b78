import { afterEach, describe, expect, it } from 'vitest';
import {
  dateLocale,
  dayjsLocale,
  digitSystemOfUser,
  formatCompact,
  formatCount,
  formatDecimal,
  localizeDigits,
  numberLocale,
  setDigitSystem,
} from './format-number';
import { formatDate, formatMonth } from './format-date';

const ARABIC_INDIC = /[\u0660-\u0669]/;
const WESTERN = /[0-9]/;

afterEach(() => {
  setDigitSystem('arab');
});

describe('formatCompact', () => {
  it('shortens an axis number in the language’s digits', () => {
    expect(formatCompact(250_000, 'en')).toBe('250K');
    expect(formatCompact(1_500_000_000, 'en')).toBe('1.5B');
    const arabic = formatCompact(250_000, 'ar');
    expect(arabic).toContain('٢٥٠');
    expect(arabic).not.toMatch(/[0-9]/);
  });
});

describe('digits per user (issue 17)', () => {
  it("takes the user's own choice, else the tenant's default, else Arabic-Indic", () => {
    const tenant = {
      id: 1,
      name: 'A',
      company_name: 'A',
      logo: null,
      currency: 'USD',
      currency_decimals: 2,
      timezone: 'UTC',
      second_currency: null,
      cash_rounding: {},
      default_digits: 'latn' as const,
      customer_language: 'en' as const,
    };
    expect(digitSystemOfUser({ digits: 'arab', tenant })).toBe('arab');
    expect(digitSystemOfUser({ digits: null, tenant })).toBe('latn');
    expect(digitSystemOfUser({ digits: null, tenant: null })).toBe('arab');
    expect(digitSystemOfUser(null)).toBe('arab');
  });

  it('writes every kind of number in Arabic-Indic digits when chosen', () => {
    setDigitSystem('arab');
    for (const text of [
      formatCount(1234, 'ar'),
      formatDecimal('1234.5', 'ar'),
      formatCompact(250_000, 'ar'),
      formatDate('2026-10-05', 'ar'),
      formatMonth('2026-10', 'ar'),
      localizeDigits('1–25', 'ar'),
    ]) {
      expect(text, text).toMatch(ARABIC_INDIC);
      expect(text, text).not.toMatch(WESTERN);
    }
    // A code word keeps its ASCII digits (docs/web.md, "Digits").
    expect(localizeDigits('INV-2026-000123', 'ar')).toBe('INV-2026-000123');
    expect(numberLocale('ar')).toBe('ar-EG');
    expect(dayjsLocale('ar')).toBe('ar');
  });

  it('writes Arabic screens in Western digits when chosen, with Arabic words', () => {
    setDigitSystem('latn');
    for (const text of [
      formatCount(1234, 'ar'),
      formatDecimal('1234.5', 'ar'),
      formatCompact(250_000, 'ar'),
      formatDate('2026-10-05', 'ar'),
      formatMonth('2026-10', 'ar'),
      localizeDigits('١–٢٥', 'ar'),
    ]) {
      expect(text, text).toMatch(WESTERN);
      expect(text, text).not.toMatch(ARABIC_INDIC);
    }
    expect(formatMonth('2026-10', 'ar')).toContain('أكتوبر');
    expect(localizeDigits('١–٢٥', 'ar')).toBe('1–25');
    expect(numberLocale('ar')).toBe('ar-EG-u-nu-latn');
    expect(dateLocale('ar')).toBe('ar-EG-u-nu-latn');
    expect(dayjsLocale('ar')).toBe('ar-latn');
  });

  it('keeps English in Western digits whatever the choice', () => {
    setDigitSystem('arab');
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(localizeDigits('INV-2026-000123', 'en')).toBe('INV-2026-000123');
    expect(localizeDigits('٠٥٥', 'en')).toBe('055');
    expect(dayjsLocale('en')).toBe('en');
  });
});
