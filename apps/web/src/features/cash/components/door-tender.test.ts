import type { CurrencyTerms } from '@meterline/contract/currency-payments';
import { describe, expect, it } from 'vitest';
import { splitDoorTender } from './door-tender';

const terms = (rate: bigint | null): CurrencyTerms => ({
  billingCurrency: 'USD',
  billingDecimals: 2,
  secondCurrency: 'LBP',
  secondDecimals: 0,
  rate,
  rateBase: 'USD',
  cashSteps: { USD: 5n, LBP: 1000n },
});
const usd = (minor: bigint) => ({ currency: 'USD', minor });
const lbp = (minor: bigint) => ({ currency: 'LBP', minor });
const older = { id: 1, balance: 3000n, terms: terms(89_500_000_000n) };
const newer = { id: 2, balance: 4000n, terms: terms(90_000_000_000n) };

describe('splitting the notes at the door', () => {
  it('pays the oldest invoice first, each at its own rate, and counts the change once, on the last', () => {
    const split = splitDoorTender([usd(2000n), lbp(5_000_000n)], [older, newer], 'USD');
    expect(split?.shares.map((share) => [share.invoiceId, share.parts])).toEqual([
      // 20 USD, then the 10 USD left of the older invoice at 89,500.
      [1, [usd(2000n), lbp(895_000n)]],
      // The rest of the lira at 90,000: 4,105,000 LBP = 45.61 USD on a balance of 40.
      [2, [lbp(4_105_000n)]],
    ]);
    expect(split).toMatchObject({ received: 7561n, applied: 7000n, changeBilling: 560n, changeSecond: 505_000n });
  });

  it('stops where the notes end, and the billing currency alone needs no rate', () => {
    const noRate = { ...newer, terms: terms(null) };
    const split = splitDoorTender([usd(5000n)], [older, noRate], 'USD');
    expect(split?.shares.map((share) => [share.invoiceId, share.settled.applied])).toEqual([
      [1, 3000n],
      [2, 2000n],
    ]);
    expect(split).toMatchObject({ applied: 5000n, changeBilling: 0n });
    expect(splitDoorTender([usd(1000n)], [older, newer], 'USD')?.shares.map((share) => share.invoiceId)).toEqual([1]);
    // Lira for an invoice issued without a rate cannot be converted.
    expect(splitDoorTender([usd(3000n), lbp(100_000n)], [older, noRate], 'USD')).toBeNull();
  });
});
