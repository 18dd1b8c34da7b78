import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber } from '../numbering/number-formats';
import { isOverdue, statusFor } from './invoice-rules';

describe('statusFor', () => {
  it.each([
    { total: 10_000n, paid: 0n, status: 'unpaid' },
    { total: 10_000n, paid: 1n, status: 'partially_paid' },
    { total: 10_000n, paid: 9_999n, status: 'partially_paid' },
    { total: 10_000n, paid: 10_000n, status: 'paid' },
    { total: 10_000n, paid: 12_000n, status: 'paid' },
    { total: 0n, paid: 0n, status: 'paid' },
  ])('$paid paid of $total is $status', ({ total, paid, status }) => {
    expect(statusFor(total, paid)).toBe(status);
  });

  it('is paid exactly when nothing is left to pay, unpaid exactly when nothing was paid of a positive total', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 15n }), (total, paid) => {
        const status = statusFor(total, paid);
        expect(status === 'paid').toBe(total - paid <= 0n);
        expect(status === 'unpaid').toBe(paid === 0n && total > 0n);
      }),
    );
  });
});

describe('isOverdue', () => {
  const today = '2026-10-15';
  it.each([
    { status: 'unpaid', dueOn: '2026-10-14', overdue: true },
    { status: 'partially_paid', dueOn: '2026-09-30', overdue: true },
    { status: 'unpaid', dueOn: '2026-10-15', overdue: false },
    { status: 'unpaid', dueOn: '2026-10-16', overdue: false },
    { status: 'paid', dueOn: '2026-01-01', overdue: false },
    { status: 'cancelled', dueOn: '2026-01-01', overdue: false },
  ])('$status due $dueOn → overdue $overdue', ({ status, dueOn, overdue }) => {
    expect(isOverdue({ status, dueOn }, today)).toBe(overdue);
  });
});

describe('formatInvoiceNumber', () => {
  it.each([
    { prefix: 'INV', year: '2026', sequence: 1, number: 'INV-2026-000001' },
    { prefix: 'INV', year: '2026', sequence: 42, number: 'INV-2026-000042' },
    { prefix: 'FAC', year: '2027', sequence: 999_999, number: 'FAC-2027-999999' },
    { prefix: 'INV', year: '2027', sequence: 1_000_000, number: 'INV-2027-1000000' },
  ])('$prefix $year #$sequence is $number', ({ prefix, year, sequence, number }) => {
    expect(formatInvoiceNumber(prefix, year, sequence)).toBe(number);
  });

  it('orders like the sequence within a prefix and year (below a million)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 1, max: 999_999 }), (a, b) => {
        const [x, y] = [formatInvoiceNumber('INV', '2026', a), formatInvoiceNumber('INV', '2026', b)];
        expect(x < y).toBe(a < b);
        expect(x === y).toBe(a === b);
      }),
    );
  });
});
