import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createAppQueryClient } from '../../../app/providers';
import { buildRoutes } from '../../../app/router';
import { userWithRole } from '../../../app/test-users';
import { initI18n } from '../../../i18n/index';
import { serviceKeys } from '../../../shared/api/query-keys';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
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

function renderDashboard(answer: (url: string) => Response, path = '/dashboard') {
  initI18n('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => answer(url)),
  );
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(serviceKeys.all, [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }]);
  render(
    <AppProviders queryClient={queryClient} initialSession={{ isLoggedIn: true, isInitialized: true, user: userWithRole('admin') }}>
      <RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: [path] })} />
    </AppProviders>,
  );
}

const byStatus = [
  { status: 'paid', count: 120, total: '9000.00' },
  { status: 'partially_paid', count: 4, total: '300.00' },
  { status: 'unpaid', count: 30, total: '2000.00' },
  { status: 'overdue', count: 41, total: '2500.00' },
  { status: 'cancelled', count: 2, total: '80.00' },
];

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

  it('asks every figure for the chosen period, and keeps the period in the address', async () => {
    const urls: string[] = [];
    renderDashboard((url) => {
      urls.push(url);
      return json(200, url.includes('stats1') ? stats1 : []);
    });
    await screen.findByText('$18,450.75');
    expect(urls.filter((url) => url.includes('date_from'))).toEqual([]);
    expect(screen.getByText('Invoiced this month')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(screen.getByRole('option', { name: 'This year' }));
    const year = new Date().getFullYear();
    for (const name of ['stats1', 'stats2', 'stats3', 'stats4']) {
      expect(urls).toContain(`/api/statistics/${name}/?service=1&date_from=${year}-01-01&date_to=${year}-12-31`);
    }
    expect(await screen.findByText('Invoiced in the period')).toBeInTheDocument();
    expect(screen.getByText('Collections by staff member in the period')).toBeInTheDocument();
  });

  it("links every card to the list it counts, with the period's dates", async () => {
    renderDashboard((url) => json(200, url.includes('stats1') ? stats1 : []), '/dashboard?period=last_month');
    await screen.findByText('$18,450.75');
    const linkOf = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    const today = new Date();
    const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
    const last = new Date(today.getFullYear(), today.getMonth(), 0);
    const day = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    expect(linkOf(/^Customers\s*312/)).toBe('/customers');
    expect(linkOf(/^Active subscriptions/)).toBe('/customers?status=active');
    expect(linkOf(/^Invoiced in the period/)).toBe(`/invoices?date_from=${day(first)}&date_to=${day(last)}`);
    expect(linkOf(/^Collected in the period/)).toBe(`/payments?date_from=${day(first)}&date_to=${day(last)}`);
    expect(linkOf(/^Outstanding balance/)).toBe('/customers?balance_due=true');
    expect(linkOf(/^Overdue invoices/)).toBe('/invoices?status=overdue');
  });

  it('opens the invoices of a status from the status chart', async () => {
    renderDashboard((url) => json(200, url.includes('stats1') ? stats1 : url.includes('stats3') ? byStatus : []));
    const legend = await screen.findByRole('link', { name: /Overdue\s*41/ }, { timeout: 8000 });
    expect(legend.getAttribute('href')).toBe('/invoices?status=overdue');
    expect(within(legend.closest('ul') as HTMLElement).getAllByRole('link')).toHaveLength(5);
  });

  it('shows an error with a retry when the figures fail', async () => {
    renderDashboard(() => json(500, { detail: 'boom' }));
    expect((await screen.findAllByText('Failed to load the figures.', {}, { timeout: 8000 })).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });
});
