import { describe, expect, it } from 'vitest';
import { cashCurrencies, cashOfPayment, changeCurrencyOf, overallKindOf, type CashTender } from './cash-currencies';

const tender = (usd: bigint, lbp: bigint, changeBilling: bigint, changeSecond: bigint): CashTender => ({
  parts: [...(usd ? [{ currency: 'USD', minor: usd }] : []), ...(lbp ? [{ currency: 'LBP', minor: lbp }] : [])],
  billingCurrency: 'USD',
  changeBilling,
  secondCurrency: 'LBP',
  changeSecond,
});

describe('cash per currency', () => {
  it('gives the change out of the dollars when they cover it, else out of the lira, else the dollars', () => {
    expect(changeCurrencyOf(tender(2000n, 0n, 800n, 716_000n))).toBe('billing');
    expect(changeCurrencyOf(tender(0n, 1_500_000n, 675n, 605_000n))).toBe('second');
    expect(changeCurrencyOf(tender(100n, 500_000n, 260n, 232_000n))).toBe('second');
    // Neither covers its change (a cash step rounding up past the notes): the billing currency.
    expect(changeCurrencyOf(tender(100n, 1000n, 105n, 2000n))).toBe('billing');
  });

  it('is the amount in the billing currency without a tender, the notes minus the change with one', () => {
    expect(cashOfPayment(1234n, 'USD', null)).toEqual(new Map([['USD', 1234n]]));
    expect(cashOfPayment(1000n, 'USD', tender(0n, 1_500_000n, 675n, 605_000n))).toEqual(new Map([['LBP', 895_000n]]));
    expect(cashOfPayment(400n, 'USD', tender(100n, 500_000n, 260n, 232_000n))).toEqual(
      new Map([
        ['USD', 100n],
        ['LBP', 268_000n],
      ]),
    );
  });

  it('lists the tenant’s currencies first, then any other still holding money; a count is short when any currency is', () => {
    expect(cashCurrencies(['USD', 'LBP'], new Map([['EUR', 5n]]), new Map([['AED', 0n]]))).toEqual(['USD', 'LBP', 'EUR']);
    expect(overallKindOf([-1n, 5n])).toBe('shortage');
    expect(overallKindOf([0n, 5n])).toBe('surplus');
    expect(overallKindOf([0n, 0n])).toBe('exact');
  });
});
