import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { first, nth } from './invariant';
import {
  addCalendarDays,
  capMonthlyFee,
  daysInclusive,
  monthlyFeeFor,
  monthRangeOf,
  openDaysWithin,
  prorateMonthlyFee,
  prorationBasisDays,
  type DayRange,
} from './proration';

const range = (start: string, end: string): DayRange => ({ start, end });

describe('days', () => {
  it.each([
    ['2026-11-01', '2026-11-30', 30],
    ['2026-11-24', '2026-11-30', 7],
    ['2026-11-30', '2026-11-30', 1],
    ['2026-11-30', '2026-11-29', 0],
    ['2028-02-01', '2028-02-29', 29],
    ['2026-12-15', '2027-01-14', 31],
  ])('%s to %s is %i days', (start, end, days) => {
    expect(daysInclusive(range(start, end))).toBe(days);
  });

  it.each([
    ['2026-02-10', '2026-02-01', '2026-02-28'],
    ['2028-02-10', '2028-02-01', '2028-02-29'],
    ['2026-12-31', '2026-12-01', '2026-12-31'],
  ])('the month of %s runs %s to %s', (date, start, end) => {
    expect(monthRangeOf(date)).toEqual(range(start, end));
  });

  it.each([
    // period, started, ended, open days
    [range('2026-11-01', '2026-11-30'), '2026-01-05', null, range('2026-11-01', '2026-11-30')],
    [range('2026-11-01', '2026-11-30'), '2026-11-24', null, range('2026-11-24', '2026-11-30')],
    // A change on the 15th: the old bundle's last day is the 14th, the new one's first the 15th.
    [range('2026-11-01', '2026-11-30'), '2026-10-01', '2026-11-15', range('2026-11-01', '2026-11-14')],
    [range('2026-11-01', '2026-11-30'), '2026-11-15', null, range('2026-11-15', '2026-11-30')],
    [range('2026-11-01', '2026-11-30'), '2026-11-10', '2026-11-10', null],
    [range('2026-11-01', '2026-11-30'), '2026-12-01', null, null],
    [range('2026-11-01', '2026-11-30'), '2026-10-01', '2026-11-01', null],
    [range('2026-11-01', '2026-11-30'), '2026-10-01', '2026-11-02', range('2026-11-01', '2026-11-01')],
  ] as const)('%o, started %s, ended %s: open %o', (period, startedOn, endedOn, open) => {
    expect(openDaysWithin(period, { startedOn, endedOn })).toEqual(open);
  });

  it.each([
    [range('2026-11-24', '2026-11-30'), 30],
    [range('2026-02-01', '2026-02-28'), 28],
    [range('2026-11-15', '2026-12-14'), 30],
    [range('2026-09-01', '2026-10-01'), 31],
  ])('a full month for %o is %i days', (billed, days) => {
    expect(prorationBasisDays(billed)).toBe(days);
  });
});

describe('prorating the monthly fee', () => {
  it.each([
    // fee (minor), billed, prorate, expected
    [1000n, range('2026-11-01', '2026-11-30'), true, 1000n],
    [1000n, range('2026-11-24', '2026-11-30'), true, 233n], // 1000 x 7 / 30 = 233.33
    [1000n, range('2026-11-01', '2026-11-14'), true, 467n], // 466.67
    [1000n, range('2026-11-15', '2026-11-30'), true, 533n], // 533.33
    [1001n, range('2026-11-01', '2026-11-15'), true, 501n], // 500.5 -> 501 (half-up)
    [1000n, range('2026-11-24', '2026-11-30'), false, 1000n],
    [1000n, range('2026-02-01', '2026-02-28'), true, 1000n],
    [1500n, range('2026-02-15', '2026-02-28'), true, 750n], // 14 / 28
    [1000n, range('2026-09-01', '2026-10-01'), true, 1000n], // longer than its month: one fee
    [0n, range('2026-11-24', '2026-11-30'), true, 0n],
    [1n, range('2026-11-30', '2026-11-30'), true, 0n], // 0.033 -> 0
    [15n, range('2026-11-30', '2026-11-30'), true, 1n], // 0.5 -> 1
    [1_500_000n, range('2026-11-24', '2026-11-30'), true, 350_000n], // LBP, no decimals
  ])('fee %s for %o (prorate %s) is %s', (fee, billed, prorate, expected) => {
    expect(prorateMonthlyFee({ fee, billed, prorate })).toBe(expected);
  });

  it.each([
    [500n, 1000n, 0n, 500n],
    [600n, 1000n, 500n, 500n],
    [600n, 1000n, 1000n, 0n],
    [600n, 1000n, 1200n, 0n],
  ])('fee %s under a dearest fee %s with %s billed is %s', (fee, dearestFee, alreadyBilled, expected) => {
    expect(capMonthlyFee(fee, { dearestFee, alreadyBilled })).toBe(expected);
  });

  it('two halves of an odd fee would round up twice: the cap keeps the month at one fee', () => {
    const first = monthlyFeeFor({
      fee: 1001n,
      billed: range('2026-11-01', '2026-11-15'),
      prorate: true,
      dearestFee: 1001n,
      alreadyBilled: 0n,
    });
    const second = monthlyFeeFor({
      fee: 1001n,
      billed: range('2026-11-16', '2026-11-30'),
      prorate: true,
      dearestFee: 1001n,
      alreadyBilled: first,
    });
    expect([first, second]).toEqual([501n, 500n]);
  });
});

describe('a month of bundle changes (random change dates)', () => {
  const month = fc.constantFrom('2026-02', '2026-04', '2026-11', '2026-12', '2028-02');
  const scenario = fc.record({
    month,
    fees: fc.array(fc.bigInt({ min: 0n, max: 10n ** 9n }), { minLength: 1, maxLength: 4 }),
    changeDays: fc.array(fc.integer({ min: 1, max: 31 }), { minLength: 3, maxLength: 3 }),
    prorate: fc.boolean(),
    order: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    startDay: fc.integer({ min: 1, max: 28 }),
  });

  it('never bills more than one full fee of the dearest bundle, whatever the order of billing', () => {
    fc.assert(
      fc.property(scenario, ({ month, fees, changeDays, prorate, order, startDay }) => {
        const whole = monthRangeOf(`${month}-01`);
        const last = daysInclusive(whole);
        // Subscriptions one after another: the customer joins on startDay, then changes bundle.
        const days = [...new Set(changeDays.map((day) => Math.min(day, last)).filter((day) => day > startDay))]
          .sort((a, b) => a - b)
          .slice(0, fees.length - 1);
        const starts = [startDay, ...days].map((day) => `${month}-${String(day).padStart(2, '0')}`);
        const subscriptions = starts.map((startedOn, index) => ({ startedOn, endedOn: starts[index + 1] ?? null, fee: nth(fees, index) }));
        const dearestFee = subscriptions.reduce((max, row) => (row.fee > max ? row.fee : max), 0n);
        let alreadyBilled = 0n;
        const pending = [...subscriptions];
        for (const pick of order) {
          if (!pending.length) break;
          const subscription = first(pending.splice(pick % pending.length, 1));
          const billed = openDaysWithin(whole, subscription);
          if (!billed) continue;
          const fee = monthlyFeeFor({ fee: subscription.fee, billed, prorate, dearestFee, alreadyBilled });
          expect(fee >= 0n && fee <= subscription.fee).toBe(true);
          alreadyBilled += fee;
        }
        expect(alreadyBilled <= dearestFee).toBe(true);
        // One bundle all month, prorated or not: exactly its fee.
        if (subscriptions.length === 1 && startDay === 1) expect(alreadyBilled).toBe(first(subscriptions).fee);
      }),
      { seed: 20261124, numRuns: 500 },
    );
  });

  it('days of consecutive subscriptions cover the month once', () => {
    fc.assert(
      fc.property(month, fc.integer({ min: 1, max: 31 }), (monthText, day) => {
        const whole = monthRangeOf(`${monthText}-01`);
        const change = addCalendarDays(whole.start, Math.min(day, daysInclusive(whole)) - 1);
        const before = openDaysWithin(whole, { startedOn: '2020-01-01', endedOn: change });
        const after = openDaysWithin(whole, { startedOn: change, endedOn: null });
        expect((before ? daysInclusive(before) : 0) + (after ? daysInclusive(after) : 0)).toBe(daysInclusive(whole));
      }),
      { numRuns: 200 },
    );
  });
});
