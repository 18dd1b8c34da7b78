import { describe, expect, it } from 'vitest';
import { fillPath, rulesOf } from './endpoint';
import { exchangeRateEndpoints } from './endpoints/exchange-rates';

describe('endpoints', () => {
  it('fill their path with the parameters, encoded', () => {
    expect(fillPath('services/:serviceId/invoices/:invoiceId/', { serviceId: 3, invoiceId: 'a b' })).toBe('services/3/invoices/a%20b/');
  });

  it('refuse a path parameter left out', () => {
    expect(() => fillPath('services/:serviceId/', {} as { serviceId: number })).toThrow(':serviceId');
  });

  it('give their rules as a list, one or several', () => {
    expect(rulesOf(['list', 'exchange_rate'])).toEqual([['list', 'exchange_rate']]);
    expect(
      rulesOf([
        ['list', 'invoice'],
        ['create', 'payment'],
      ]),
    ).toEqual([
      ['list', 'invoice'],
      ['create', 'payment'],
    ]);
  });

  it('load their schemas only when asked', async () => {
    const { response, body } = await exchangeRateEndpoints.set.schemas();
    expect(body.safeParse({ month: '2026-11', rate: '89500' }).success).toBe(true);
    expect(response.safeParse({}).success).toBe(false);
  });
});
