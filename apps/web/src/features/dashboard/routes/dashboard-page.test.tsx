import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createAppQueryClient } from '../../../app/providers';
import { buildRoutes } from '../../../app/router';
import { userWithRole } from '../../../app/test-users';
import { initI18n } from '../../../i18n/index';
import { serviceKeys } from '../../../shared/api/query-keys';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const stats1 = {
  currency: 'USD',
  customers: 312,
  active_subscriptions: 287,
  invoiced_this_month: '18450.75',
  collected_this_month: '12980.50',
  outstanding_balance: '-1240.25',
  overdue_invoices: 41,
  second_currency: null,
  exchange_rate: null,
  exchange_rate_base: null,
  exchange_rate_month: null,
  invoiced_this_month_second: null,
  collected_this_month_second: null,
  outstanding_balance_second: null,
};

function renderDashboard(answer: (url: string) => Response) {
  initI18n('en');
  vi.stubGlobal('fetch', vi.fn(async (url: string) => answer(url)));
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(serviceKeys.all, [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }]);
  render(
    <AppProviders queryClient={queryClient} initialSession={{ isLoggedIn: true, isInitialized: true, user: userWithRole('admin') }}>
      <RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/dashboard'] })} />
    </AppProviders>,
  );
}

describe('dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the KPI cards in the tenant currency, and empty charts as empty', async () => {
    renderDashboard((url) => (url.startsWith('/api/statistics/stats1/') ? json(200, stats1) : json(200, [])));
    expect(await screen.findByText('$18,450.75')).toBeInTheDocument();
    expect(screen.getByText('-$1,240.25')).toBeInTheDocument();
    expect(screen.getByText('312')).toBeInTheDocument();
    expect(await screen.findAllByText('No figures for this period yet.')).toHaveLength(3);
  });

  it('shows the money figures in the second currency beside them, and the rate they were converted at', async () => {
    const twoCurrencies = {
      ...stats1,
      second_currency: 'LBP',
      exchange_rate: '89500.000000',
      exchange_rate_base: 'USD',
      exchange_rate_month: '2026-11',
      invoiced_this_month_second: '1651342125',
      collected_this_month_second: '1161754750',
      outstanding_balance_second: '-111002375',
    };
    renderDashboard((url) => (url.startsWith('/api/statistics/stats1/') ? json(200, twoCurrencies) : json(200, [])));
    expect(await screen.findByText('$18,450.75')).toBeInTheDocument();
    expect(screen.getByText(/LBP\s1,651,342,125/)).toBeInTheDocument();
    expect(screen.getByText(/-LBP\s111,002,375/)).toBeInTheDocument();
    expect(screen.getByText('Amounts in LBP at the rate of November 2026: \u20661 USD = 89,500 LBP\u2069.')).toBeInTheDocument();
  });

  it('shows no second amounts without a second currency', async () => {
    renderDashboard((url) => (url.startsWith('/api/statistics/stats1/') ? json(200, stats1) : json(200, [])));
    await screen.findByText('$18,450.75');
    expect(screen.queryByText(/LBP/)).not.toBeInTheDocument();
    expect(screen.queryByText(/at the rate of/)).not.toBeInTheDocument();
  });

  it('asks for the selected service', async () => {
    const urls: string[] = [];
    renderDashboard((url) => {
      urls.push(url);
      return json(200, url.includes('stats1') ? stats1 : []);
    });
    await screen.findByText('$18,450.75');
    expect(urls).toContain('/api/statistics/stats1/?service=1');
  });

  it('shows an error with a retry when the figures fail', async () => {
    renderDashboard(() => json(500, { detail: 'boom' }));
    expect((await screen.findAllByText('Failed to load the figures.', {}, { timeout: 8000 })).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });
});
