import { describe, expect, it } from 'vitest';
import {
  computeInvoiceTotals,
  divideRoundHalfUp,
  formatMoney,
  formatScaled,
  lineAmountMinor,
  normalizeDigits,
  parseMoney,
  parseScaled,
} from './money';

describe('money', () => {
  it('parses decimal text exactly, Arabic-Indic digits too', () => {
    expect(parseMoney('12.50', 2)).toBe(1250n);
    expect(parseMoney('١٢٫٥', 2)).toBe(1250n);
    expect(parseMoney('۱۲۳', 0)).toBe(123n);
    expect(parseMoney('-0.10', 2)).toBe(-10n);
    expect(parseMoney('0.105', 2)).toBeNull();
    expect(parseMoney('1.500', 2)).toBe(150n);
    expect(parseMoney('abc', 2)).toBeNull();
    expect(parseMoney('1e3', 2)).toBeNull();
    expect(normalizeDigits('١,٢٣٤')).toBe('1234');
  });

  it('formats minor units', () => {
    expect(formatScaled(1250n, 2)).toBe('12.50');
    expect(formatScaled(-5n, 3)).toBe('-0.005');
    expect(formatScaled(700n, 0)).toBe('700');
  });

  it('rounds half away from zero once per line', () => {
    expect(divideRoundHalfUp(5n, 10n)).toBe(1n);
    expect(divideRoundHalfUp(-5n, 10n)).toBe(-1n);
    expect(divideRoundHalfUp(4n, 10n)).toBe(0n);
    // 123.456 kWh x 0.123456 = 15.241383... -> 15.24
    expect(lineAmountMinor(parseScaled('123.456', 3)!, parseScaled('0.123456', 6)!, 2)).toBe(1524n);
    // 0.005 x 1 = 0.005 -> 0.01 (half-up)
    expect(lineAmountMinor(parseScaled('0.005', 3)!, parseScaled('1', 6)!, 2)).toBe(1n);
  });

  it('computes totals: subtotal = sum of lines, tax once on the subtotal', () => {
    const totals = computeInvoiceTotals(
      [
        { quantity: parseScaled('1', 3)!, unitPrice: parseScaled('10.005', 6)! },
        { quantity: parseScaled('1', 3)!, unitPrice: parseScaled('10.005', 6)! },
      ],
      parseScaled('11', 3)!,
      2,
    );
    expect(totals.lines).toEqual([1001n, 1001n]);
    expect(totals.subtotal).toBe(2002n);
    expect(totals.tax).toBe(220n); // 20.02 x 11% = 2.2022 -> 2.20
    expect(totals.total).toBe(2222n);
  });

  it('formats for the language without floats', () => {
    expect(formatMoney('12345678901234.56', 'USD', 'en')).toBe('$12,345,678,901,234.56');
    expect(formatMoney('1.500', 'JOD', 'en')).toContain('1.500');
  });
});
