import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashDueInSecond, parseRate, roundUpToCashStep, settlePayment, type CurrencyTerms } from './currency-payments';

const usdLbp: CurrencyTerms = {
  billingCurrency: 'USD',
  billingDecimals: 2,
  secondCurrency: 'LBP',
  secondDecimals: 0,
  rate: parseRate('89500'),
  cashSteps: { LBP: 1000n, USD: 5n },
};

describe('settlePayment', () => {
  it('converts a split USD + LBP payment at the invoice rate', () => {
    // 20.00 USD + 900,000 LBP (= 10.0559 -> 10.06 USD) against a balance of 45.00 USD.
    expect(settlePayment([{ currency: 'USD', minor: 2000n }, { currency: 'LBP', minor: 900000n }], 4500n, usdLbp)).toEqual({
      received: 3006n,
      applied: 3006n,
      changeBilling: 0n,
      changeSecond: 0n,
    });
  });

  it('gives change in both currencies, each rounded to its cash step', () => {
    // Balance 30.00; 20.00 USD + 1,000,000 LBP (11.17 USD) = 31.17: change 1.17 USD.
    const settled = settlePayment([{ currency: 'USD', minor: 2000n }, { currency: 'LBP', minor: 1000000n }], 3000n, usdLbp);
    // 1.17 USD -> 1.15 at a 0.05 step; 1.17 x 89,500 = 104,715 LBP -> 105,000.
    expect(settled).toEqual({ received: 3117n, applied: 3000n, changeBilling: 115n, changeSecond: 105000n });
  });

  it('refuses a currency that is neither, and the second currency without a rate', () => {
    expect(settlePayment([{ currency: 'EUR', minor: 100n }], 3000n, usdLbp)).toEqual({ kind: 'currency_not_accepted', index: 0 });
    expect(settlePayment([{ currency: 'USD', minor: 1n }, { currency: 'LBP', minor: 100n }], 3000n, { ...usdLbp, rate: null })).toEqual({ kind: 'exchange_rate_missing', index: 1 });
  });

  it('LBP billing with USD second: the rate is USD per LBP', () => {
    const lbpUsd: CurrencyTerms = { billingCurrency: 'LBP', billingDecimals: 0, secondCurrency: 'USD', secondDecimals: 2, rate: parseRate('0.000011'), cashSteps: { LBP: 1000n } };
    // 10.00 USD = 10 / 0.000011 = 909,090.9 -> 909,091 LBP.
    expect(settlePayment([{ currency: 'USD', minor: 1000n }], 2_000_000n, lbpUsd)).toMatchObject({ received: 909091n, applied: 909091n });
  });

  it('never applies more than the balance, and received = applied + exact change (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.bigInt({ min: 0n, max: 10n ** 11n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (usd, lbp, balance) => {
        const settled = settlePayment([{ currency: 'USD', minor: usd }, { currency: 'LBP', minor: lbp }], balance, usdLbp);
        if ('kind' in settled) return false;
        expect(settled.applied <= balance).toBe(true);
        expect(settled.applied === settled.received || settled.applied === balance).toBe(true);
        expect(settled.changeBilling % 5n).toBe(0n);
        expect((settled.changeSecond ?? 0n) % 1000n).toBe(0n);
        return true;
      }),
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
