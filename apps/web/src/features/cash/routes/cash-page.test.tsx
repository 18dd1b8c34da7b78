import type { CashRow, Handover, PerformanceRow } from '@meterline/contract/cash';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { CashPage } from './cash-page';

const SERVICES = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];

const ROW: CashRow = {
  collector: 3,
  collector_name: 'Karim Haddad',
  collected: '60.00',
  handed_over: '12.00',
  held: '48.00',
  held_cash: [
    { currency: 'USD', amount: '38.00' },
    { currency: 'LBP', amount: '2063000' },
  ],
  oldest_held_at: '2026-10-05T09:00:00Z',
  shortage_today: '1.00',
  shortage_today_cash: [
    { currency: 'USD', amount: '1.00' },
    { currency: 'LBP', amount: '0' },
  ],
};

const COUNT = {
  id: 9,
  collector: 3,
  collector_name: 'Karim Haddad',
  kind: 'shortage',
  expected: [
    { currency: 'USD', amount: '13.00' },
    { currency: 'LBP', amount: '450000' },
  ],
  counted: [
    { currency: 'USD', amount: '12.00' },
    { currency: 'LBP', amount: '451000' },
  ],
  differences: [
    { currency: 'USD', amount: '-1.00', kind: 'shortage', transaction: 1 },
    { currency: 'LBP', amount: '1000', kind: 'surplus', transaction: 2 },
  ],
  reason: 'One dollar paid in lira',
} as unknown as Handover;

const DAY = {
  collector: 3,
  collector_name: 'Karim Haddad',
  period: '2026-10-05',
  meters_read: 4,
  invoices_collected: 5,
  amount_collected: '60.00',
  cash_held: '48.00',
  collected_cash: [
    { currency: 'USD', amount: '51.00' },
    { currency: 'LBP', amount: '2513000' },
  ],
  held_cash: ROW.held_cash,
} as PerformanceRow;

afterEach(() => vi.unstubAllGlobals());

describe('the office’s cash screen', { timeout: 30_000 }, () => {
  it('shows each currency held, today’s shortage and differences per currency, and the day’s collections in both', async () => {
    stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, SERVICES);
      if (url === '/api/services/1/cash/') return jsonResponse(200, [ROW]);
      if (url.startsWith('/api/services/1/cash/handovers/')) return jsonResponse(200, [COUNT]);
      if (url.startsWith('/api/services/1/cash/performance/')) return jsonResponse(200, [DAY]);
      return undefined;
    });
    renderWithProviders(<CashPage />, { role: 'accountant' });
    const card = await screen.findByTestId('cash-collector');
    const held = within(card).getByTestId('cash-held');
    expect(held).toHaveTextContent(/\$38\.00/);
    expect(held).toHaveTextContent(/LBP\s*2,063,000/);
    expect(within(card).getByText(/Short today/)).toHaveTextContent(/\$1\.00/);
    expect(within(card).getByText(/Short today/)).not.toHaveTextContent(/LBP/);
    expect(within(card).getByRole('button', { name: 'Count the cash' })).toBeEnabled();
    const difference = await screen.findByTestId('cash-difference');
    expect(difference).toHaveTextContent(/Shortage \(USD\): \$1\.00/);
    expect(difference).toHaveTextContent(/Surplus \(LBP\): LBP\s*1,000/);
    expect(difference).toHaveTextContent(/Expected \$13\.00 \+ LBP\s*450,000, Counted \$12\.00 \+ LBP\s*451,000/);
    const table = await screen.findByRole('region', { name: 'Collector performance' });
    expect(within(table).getByRole('row', { name: /Karim Haddad/ })).toHaveTextContent(/\$51\.00 \+ LBP\s*2,513,000/);
  });
});
