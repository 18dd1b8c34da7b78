import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScaled } from './money';
import {
  findTariff,
  monthOf,
  monthStart,
  priceConsumption,
  priceMonth,
  roundToCashStep,
  settleTender,
  splitByMonth,
  tierProblem,
  toBillingCurrency,
  toSecondCurrency,
  upliftedUnitPrice,
  type TariffRule,
} from './tariff-pricing';

const qty = (text: string) => parseScaled(text, 3)!;
const price = (text: string) => parseScaled(text, 6)!;

function tariff(overrides: Partial<TariffRule> & Pick<TariffRule, 'id' | 'effectiveFrom'>): TariffRule {
  return {
    name: `T${overrides.id}`,
    effectiveTo: null,
    unitPrice: price('0.30'),
    tiers: null,
    upliftPercent: 0n,
    bundleIds: null,
    ...overrides,
  };
}

describe('months on the tenant calendar', () => {
  it.each([
    ['UTC', '2026-10', '2026-10-01T00:00:00.000Z'],
    ['Asia/Beirut', '2026-10', '2026-09-30T21:00:00.000Z'], // summer time, UTC+3
    ['Asia/Beirut', '2026-12', '2026-11-30T22:00:00.000Z'], // winter time, UTC+2
    ['America/New_York', '2026-03', '2026-03-01T05:00:00.000Z'],
  ])('%s: %s begins at %s', (timeZone, month, instant) => {
    expect(monthStart(month, timeZone).toISOString()).toBe(instant);
  });

  it('places an instant in the month of its wall clock', () => {
    expect(monthOf(new Date('2026-09-30T21:30:00Z'), 'Asia/Beirut')).toBe('2026-10');
    expect(monthOf(new Date('2026-09-30T21:30:00Z'), 'UTC')).toBe('2026-09');
  });
});

describe('splitByMonth', () => {
  it('splits consumption across a month boundary pro rata by time', () => {
    const parts = splitByMonth(
      [{ start: new Date('2026-09-20T00:00:00Z'), end: new Date('2026-10-10T00:00:00Z'), quantity: qty('300') }],
      'UTC',
    );
    // 11 days in September, 9 in October.
    expect(parts).toEqual([
      { month: '2026-09', quantity: qty('165') },
      { month: '2026-10', quantity: qty('135') },
    ]);
  });

  it('uses the tenant time zone for the boundary', () => {
    const parts = splitByMonth(
      [{ start: new Date('2026-09-30T18:00:00Z'), end: new Date('2026-10-01T00:00:00Z'), quantity: qty('6') }],
      'Asia/Beirut',
    );
    // Midnight in Beirut is 21:00 UTC: 3 of the 6 hours are still September there.
    expect(parts).toEqual([
      { month: '2026-09', quantity: qty('3') },
      { month: '2026-10', quantity: qty('3') },
    ]);
  });

  it('gives a zero-length interval to the month of its reading', () => {
    const at = new Date('2026-10-05T10:00:00Z');
    expect(splitByMonth([{ start: at, end: at, quantity: qty('2.5') }], 'UTC')).toEqual([{ month: '2026-10', quantity: qty('2.5') }]);
  });

  it('never loses or creates a thousandth of a unit', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            startMs: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }),
            lengthMs: fc.integer({ min: 0, max: 200 * 86_400_000 }),
            quantity: fc.bigInt({ min: 0n, max: 10n ** 12n }),
          }),
          { maxLength: 8 },
        ),
        fc.constantFrom('UTC', 'Asia/Beirut', 'America/New_York', 'Asia/Kolkata'),
        (raw, timeZone) => {
          const intervals = raw.map((r) => ({ start: new Date(r.startMs), end: new Date(r.startMs + r.lengthMs), quantity: r.quantity }));
          const total = intervals.reduce((sum, i) => sum + i.quantity, 0n);
          const parts = splitByMonth(intervals, timeZone);
          expect(parts.reduce((sum, p) => sum + p.quantity, 0n)).toBe(total);
          for (const part of parts) expect(part.quantity > 0n).toBe(true);
        },
      ),
    );
  });
});

describe('findTariff', () => {
  const tariffs = [
    tariff({ id: 1, effectiveFrom: '2026-01' }),
    tariff({ id: 2, effectiveFrom: '2026-06', effectiveTo: '2026-08' }),
    tariff({ id: 3, effectiveFrom: '2026-07', bundleIds: [7] }),
  ];
  it.each([
    ['2025-12', 5, null],
    ['2026-03', 5, 1],
    ['2026-06', 5, 2],
    ['2026-07', 5, 2],
    ['2026-07', 7, 3],
    ['2026-09', 5, 1],
    ['2026-09', 7, 3],
  ])('%s, bundle %s → tariff %s', (month, bundleId, expected) => {
    expect(findTariff(tariffs, month, bundleId)?.id ?? null).toBe(expected);
  });
});

describe('priceMonth', () => {
  const tiered = tariff({
    id: 9,
    effectiveFrom: '2026-01',
    tiers: [
      { upTo: qty('100'), unitPrice: price('0.30') },
      { upTo: null, unitPrice: price('0.45') },
    ],
  });

  it.each([
    // quantity, already billed this month, expected lines [tier, quantity, amount in cents]
    ['80', '0', [[1, '80', '2400']]],
    [
      '150',
      '0',
      [
        [1, '100', '3000'],
        [2, '50', '2250'],
      ],
    ],
    [
      '150',
      '80',
      [
        [1, '20', '600'],
        [2, '130', '5850'],
      ],
    ],
    ['10', '120', [[2, '10', '450']]],
    ['0.333', '0', [[1, '0.333', '10']]], // 0.0999 rounds half-up to 0.10
  ])('%s kWh after %s already billed', (quantity, already, expected) => {
    const lines = priceMonth({
      month: '2026-10',
      quantity: qty(quantity),
      alreadyBilled: qty(already),
      tariff: tiered,
      bundleUnitPrice: 0n,
      currencyDecimals: 2,
    });
    expect(lines.map((l) => [l.tier, l.quantity, l.amount])).toEqual(
      (expected as [number, string, string][]).map(([t, q, a]) => [t, qty(q), BigInt(a)]),
    );
  });

  it('falls back to the bundle unit price without a tariff', () => {
    const [line] = priceMonth({
      month: '2026-10',
      quantity: qty('12.5'),
      tariff: null,
      bundleUnitPrice: price('0.2'),
      currencyDecimals: 2,
    });
    expect(line).toMatchObject({ tariffId: null, tier: null, amount: 250n, unitPrice: price('0.2') });
  });

  it('adds the uplift to the unit price shown and charged', () => {
    expect(upliftedUnitPrice(price('0.30'), parseScaled('10', 3)!)).toBe(price('0.33'));
    expect(upliftedUnitPrice(price('0.123457'), parseScaled('12.5', 3)!)).toBe(price('0.138889')); // 0.13888912 half-up
    const [line] = priceMonth({
      month: '2026-10',
      quantity: qty('100'),
      tariff: tariff({ id: 4, effectiveFrom: '2026-10', upliftPercent: parseScaled('10', 3)! }),
      bundleUnitPrice: 0n,
      currencyDecimals: 0,
    });
    expect(line).toMatchObject({ unitPrice: price('0.33'), amount: 33n });
  });

  it('bills the same quantity in each tier whether a month is billed at once or in two invoices', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.bigInt({ min: 0n, max: 10n ** 9n }), (first, second) => {
        const price = (q: bigint, already: bigint) =>
          priceMonth({ month: '2026-10', quantity: q, alreadyBilled: already, tariff: tiered, bundleUnitPrice: 0n, currencyDecimals: 2 });
        const perTier = (lines: ReturnType<typeof price>) => {
          const byTier = new Map<number, bigint>();
          for (const l of lines) byTier.set(l.tier ?? 0, (byTier.get(l.tier ?? 0) ?? 0n) + l.quantity);
          return byTier;
        };
        const atOnce = price(first + second, 0n);
        const inTwo = [...price(first, 0n), ...price(second, first)];
        expect(perTier(inTwo)).toEqual(perTier(atOnce));
        const amount = (lines: typeof atOnce) => lines.reduce((s, l) => s + l.amount, 0n);
        // Each line is rounded once: two invoices may differ by at most one minor unit per extra line.
        const difference = amount(inTwo) - amount(atOnce);
        expect(difference <= BigInt(inTwo.length) && difference >= -BigInt(inTwo.length)).toBe(true);
      }),
    );
  });
});

describe('priceConsumption', () => {
  const monthly = [
    tariff({ id: 1, effectiveFrom: '2026-09', effectiveTo: '2026-09', unitPrice: price('0.40') }),
    tariff({ id: 2, effectiveFrom: '2026-10', unitPrice: price('0.50') }),
  ];

  it('prices kWh of each month with that month’s tariff, even when billed later', () => {
    const lines = priceConsumption({
      intervals: [{ start: new Date('2026-09-20T00:00:00Z'), end: new Date('2026-10-10T00:00:00Z'), quantity: qty('300') }],
      timeZone: 'UTC',
      tariffs: monthly,
      bundleId: 1,
      bundleUnitPrice: price('9'),
      currencyDecimals: 2,
    });
    expect(lines.map((l) => [l.month, l.tariffId, l.quantity, l.amount])).toEqual([
      ['2026-09', 1, qty('165'), 6600n],
      ['2026-10', 2, qty('135'), 6750n],
    ]);
  });

  it('changes no amount when a tariff for a later month is added', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            startMs: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 10, 1) }),
            lengthMs: fc.integer({ min: 0, max: 40 * 86_400_000 }),
            quantity: fc.bigInt({ min: 0n, max: 10n ** 8n }),
          }),
          { maxLength: 6 },
        ),
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        (raw, laterPrice) => {
          const intervals = raw.map((r) => ({ start: new Date(r.startMs), end: new Date(r.startMs + r.lengthMs), quantity: r.quantity }));
          const input = {
            intervals,
            timeZone: 'Asia/Beirut',
            tariffs: monthly,
            bundleId: 1,
            bundleUnitPrice: price('0.1'),
            currencyDecimals: 2,
          };
          const before = priceConsumption(input);
          const after = priceConsumption({
            ...input,
            tariffs: [...monthly, tariff({ id: 3, effectiveFrom: '2027-01', unitPrice: laterPrice })],
          });
          expect(after).toEqual(before);
        },
      ),
    );
  });

  it('prices the whole as the sum of its months priced alone', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            startMs: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 10, 1) }),
            lengthMs: fc.integer({ min: 0, max: 70 * 86_400_000 }),
            quantity: fc.bigInt({ min: 0n, max: 10n ** 8n }),
          }),
          { maxLength: 6 },
        ),
        (raw) => {
          const intervals = raw.map((r) => ({ start: new Date(r.startMs), end: new Date(r.startMs + r.lengthMs), quantity: r.quantity }));
          const whole = priceConsumption({
            intervals,
            timeZone: 'UTC',
            tariffs: monthly,
            bundleId: 1,
            bundleUnitPrice: 0n,
            currencyDecimals: 2,
          });
          const monthByMonth = splitByMonth(intervals, 'UTC').flatMap(({ month, quantity }) =>
            priceMonth({ month, quantity, tariff: findTariff(monthly, month, 1), bundleUnitPrice: 0n, currencyDecimals: 2 }),
          );
          expect(whole).toEqual(monthByMonth);
        },
      ),
    );
  });
});

describe('tier lists', () => {
  it.each([
    [
      [
        { upTo: 100_000n, unitPrice: 1n },
        { upTo: null, unitPrice: 2n },
      ],
      null,
    ],
    [[], 'tiers_empty'],
    [
      [
        { upTo: null, unitPrice: 1n },
        { upTo: null, unitPrice: 2n },
      ],
      'tier_open_before_last',
    ],
    [[{ upTo: 100_000n, unitPrice: 1n }], 'tier_last_must_be_open'],
    [
      [
        { upTo: 100_000n, unitPrice: 1n },
        { upTo: 50_000n, unitPrice: 1n },
        { upTo: null, unitPrice: 2n },
      ],
      'tier_bounds_not_ascending',
    ],
  ])('tier list %# → %s', (tiers, problem) => {
    expect(tierProblem(tiers)).toBe(problem);
  });
});

describe('two currencies', () => {
  const usdLbp = { billingDecimals: 2, secondDecimals: 0, rate: parseScaled('89500', 6)!, base: 'billing' as const };
  const lbpUsd = { billingDecimals: 0, secondDecimals: 2, rate: parseScaled('89500', 6)!, base: 'second' as const };

  it('converts at the rate, half-up to the minor unit', () => {
    expect(toSecondCurrency(1000n, usdLbp)).toBe(895000n); // 10.00 USD
    expect(toBillingCurrency(900000n, usdLbp)).toBe(1006n); // 10.0558.. USD
    expect(toBillingCurrency(895000n, usdLbp)).toBe(1000n);
  });

  it.each([
    // [LBP billing minor, USD second minor]: 1 USD = 89,500 LBP quoted with USD as the base.
    [895000n, 1000n],
    [900000n, 1006n], // 10.0558.. USD
    [44750n, 50n],
    [1n, 0n],
  ])('an LBP tenant quoting 1 USD = 89,500 LBP: %s LBP is %s US cents', (lbp, usd) => {
    expect(toSecondCurrency(lbp, lbpUsd)).toBe(usd);
  });

  it.each([
    [1000n, 895000n],
    [1n, 895n],
    [3017n, 2_700_215n],
  ])('an LBP tenant quoting 1 USD = 89,500 LBP: %s US cents are %s LBP, exactly', (usd, lbp) => {
    expect(toBillingCurrency(usd, lbpUsd)).toBe(lbp);
  });

  it('rounds cash to its step', () => {
    expect(roundToCashStep(5370n, 1000n)).toBe(5000n);
    expect(roundToCashStep(5500n, 1000n)).toBe(6000n);
    expect(roundToCashStep(1234n, 1n)).toBe(1234n);
  });

  it('settles a split cash payment and gives the change', () => {
    const settlement = settleTender(
      [
        { currency: 'billing', minor: 2000n },
        { currency: 'second', minor: 900000n },
      ],
      3000n,
      usdLbp,
      1000n,
    );
    expect(settlement).toEqual({ receivedBilling: 3006n, appliedBilling: 3000n, changeBilling: 6n, changeSecond: 5000n });
  });

  it('never applies more than the balance, and received = applied + change', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (billing, second, rate, balance) => {
          const pair = { billingDecimals: 2, secondDecimals: 0, rate, base: 'billing' as const };
          const s = settleTender(
            [
              { currency: 'billing', minor: billing },
              { currency: 'second', minor: second },
            ],
            balance,
            pair,
          );
          expect(s.appliedBilling <= balance).toBe(true);
          expect(s.appliedBilling + s.changeBilling).toBe(s.receivedBilling);
          expect(s.changeBilling >= 0n).toBe(true);
        },
      ),
    );
  });
});
