import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashDueInSecond, parseRate, roundUpToCashStep, settlePayment, type CurrencyTerms } from './currency-payments';

const usdLbp: CurrencyTerms = {
  billingCurrency: 'USD',
  billingDecimals: 2,
  secondCurrency: 'LBP',
  secondDecimals: 0,
  rate: parseRate('89500'),
  rateBase: 'USD',
  cashSteps: { LBP: 1000n, USD: 5n },
};

describe('settlePayment', () => {
  it('converts a split USD + LBP payment at the invoice rate', () => {
    // 20.00 USD + 900,000 LBP (= 10.0559 -> 10.06 USD) against a balance of 45.00 USD.
    expect(
      settlePayment(
        [
          { currency: 'USD', minor: 2000n },
          { currency: 'LBP', minor: 900000n },
        ],
        4500n,
        usdLbp,
      ),
    ).toEqual({
      received: 3006n,
      applied: 3006n,
      changeBilling: 0n,
      changeSecond: 0n,
    });
  });

  it('gives change in both currencies, each rounded to its cash step', () => {
    // Balance 30.00; 20.00 USD + 1,000,000 LBP (11.17 USD) = 31.17: change 1.17 USD.
    const settled = settlePayment(
      [
        { currency: 'USD', minor: 2000n },
        { currency: 'LBP', minor: 1000000n },
      ],
      3000n,
      usdLbp,
    );
    // 1.17 USD -> 1.15 at a 0.05 step; 1.17 x 89,500 = 104,715 LBP -> 105,000.
    expect(settled).toEqual({ received: 3117n, applied: 3000n, changeBilling: 115n, changeSecond: 105000n });
  });

  it('refuses a currency that is neither, and the second currency without a rate', () => {
    expect(settlePayment([{ currency: 'EUR', minor: 100n }], 3000n, usdLbp)).toEqual({ kind: 'currency_not_accepted', index: 0 });
    expect(
      settlePayment(
        [
          { currency: 'USD', minor: 1n },
          { currency: 'LBP', minor: 100n },
        ],
        3000n,
        { ...usdLbp, rate: null },
      ),
    ).toEqual({ kind: 'exchange_rate_missing', index: 1 });
  });

  describe('LBP billing with USD second, the rate quoted as 1 USD = 89,500 LBP', () => {
    const lbpUsd: CurrencyTerms = {
      billingCurrency: 'LBP',
      billingDecimals: 0,
      secondCurrency: 'USD',
      secondDecimals: 2,
      rate: parseRate('89500'),
      rateBase: 'USD',
      cashSteps: { LBP: 1000n, USD: 5n },
    };

    it('converts exactly: 10.00 USD is 895,000 LBP, not 909,091', () => {
      expect(settlePayment([{ currency: 'USD', minor: 1000n }], 2_000_000n, lbpUsd)).toMatchObject({ received: 895000n, applied: 895000n });
    });

    it('settles a split USD + LBP payment and gives change in both, cash-rounded', () => {
      // Balance 2,700,000 LBP; 20.00 USD (1,790,000) + 1,000,000 LBP = 2,790,000: change 90,000 LBP = 1.0056 -> 1.00 USD.
      expect(
        settlePayment(
          [
            { currency: 'USD', minor: 2000n },
            { currency: 'LBP', minor: 1_000_000n },
          ],
          2_700_000n,
          lbpUsd,
        ),
      ).toEqual({
        received: 2_790_000n,
        applied: 2_700_000n,
        changeBilling: 90_000n,
        changeSecond: 100n,
      });
    });

    it('asks for the balance in USD rounded up to 0.05', () => {
      // 2,700,000 / 89,500 = 30.1676 -> 30.17 USD -> 30.20 in cash.
      expect(cashDueInSecond(2_700_000n, lbpUsd)).toBe(3020n);
    });

    it('is the same pair as the USD tenant quoting 1 USD = 89,500 LBP: conversions agree both ways (property)', () => {
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: 10n ** 9n }), (usdCents) => {
          const lbp = settlePayment([{ currency: 'USD', minor: usdCents }], 10n ** 15n, lbpUsd);
          const usd = settlePayment([{ currency: 'USD', minor: usdCents }], 10n ** 15n, usdLbp);
          if ('kind' in lbp || 'kind' in usd) return false;
          // Whole cents of USD at 89,500 LBP are whole pounds: exact, no rounding either way.
          expect(lbp.received).toBe(usdCents * 895n);
          expect(usd.received).toBe(usdCents);
          return true;
        }),
        { seed: 20261124 },
      );
    });
  });

  it('never applies more than the balance, and received = applied + exact change (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 11n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (usd, lbp, balance) => {
          const settled = settlePayment(
            [
              { currency: 'USD', minor: usd },
              { currency: 'LBP', minor: lbp },
            ],
            balance,
            usdLbp,
          );
          if ('kind' in settled) return false;
          expect(settled.applied <= balance).toBe(true);
          expect(settled.applied === settled.received || settled.applied === balance).toBe(true);
          expect(settled.changeBilling % 5n).toBe(0n);
          expect((settled.changeSecond ?? 0n) % 1000n).toBe(0n);
          return true;
        },
      ),
      { seed: 20261124 },
    );
  });
});

describe('cash due in the second currency', () => {
  it('rounds up to the cash step so paying it always covers the balance', () => {
    // 30.05 USD = 2,689,475 LBP -> 2,690,000 (half-up would ask 2,689,000, a cent short).
    expect(cashDueInSecond(3005n, usdLbp)).toBe(2690000n);
    expect(settlePayment([{ currency: 'LBP', minor: 2690000n }], 3005n, usdLbp)).toMatchObject({ applied: 3005n });
    expect(roundUpToCashStep(2000n, 1000n)).toBe(2000n);
    expect(roundUpToCashStep(0n, 1000n)).toBe(0n);
    expect(cashDueInSecond(100n, { ...usdLbp, secondCurrency: null })).toBeNull();
  });

  it('covers the balance whatever the balance (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 10n }), (balance) => {
        const due = cashDueInSecond(balance, usdLbp) ?? 0n;
        const settled = settlePayment([{ currency: 'LBP', minor: due }], balance, usdLbp);
        return !('kind' in settled) && settled.applied === balance;
      }),
      { seed: 20261124 },
    );
  });
});
