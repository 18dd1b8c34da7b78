import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { ExchangeRatesPage } from './exchange-rates-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const RATES = {
  count: 1,
  count_capped: false,
  next: null,
  previous: null,
  results: [
    { id: 3, currency: 'LBP', base_currency: 'USD', month: '2026-11', rate: '89500.000000', set_by: 2, set_at: '2026-11-01T08:00:00Z' },
  ],
};

const NONE_MISSING = { currency: 'LBP', from: '2025-12', to: '2026-12', months: [] };

function renderPage(
  role: string,
  onPost: (body: unknown) => Response = () => jsonResponse(201, { ...RATES.results[0], id: 4, month: '2026-12', rate: '90000.000000' }),
  missing: unknown = NONE_MISSING,
) {
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
    if (url.startsWith('/api/services/1/exchange-rates/missing/')) return jsonResponse(200, missing);
    if (url.startsWith('/api/services/1/exchange-rates/') && init.method === 'GET') return jsonResponse(200, RATES);
    if (url === '/api/services/1/exchange-rates/' && init.method === 'POST') return onPost(JSON.parse(String(init.body)));
    return undefined;
  });
  renderWithProviders(<ExchangeRatesPage />, { path: '/exchange-rates', role });
  return fetchMock;
}

describe('exchange rates', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the months’ rates and lets an accountant set a month’s rate', async () => {
    const bodies: unknown[] = [];
    renderPage('accountant', (body) => {
      bodies.push(body);
      return jsonResponse(201, { ...RATES.results[0], id: 4, month: '2026-12', rate: '90000.000000' });
    });
    expect((await screen.findAllByText('1 USD = 89,500 LBP')).length).toBeGreaterThan(0);
    const form = screen.getByRole('region', { name: 'Set the rate of a month' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Rate/ }), '٩٠٠٠٠');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rate' }));
    // The form starts on the current month.
    // The rate is quoted for one unit of the billing currency unless the form says otherwise (docs/money-and-numbering.md).
    await waitFor(() => expect(bodies).toEqual([{ month: new Date().toISOString().slice(0, 7), rate: '90000', base_currency: 'USD' }]));
    expect(await screen.findByText(/Rate of December 2026 saved\./)).toBeInTheDocument();
  });

  it('support sees no form', async () => {
    renderPage('support');
    expect((await screen.findAllByText('1 USD = 89,500 LBP')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Set the rate of a month' })).not.toBeInTheDocument();
  });

  it('says which months lack a rate', async () => {
    renderPage('accountant', undefined, { currency: 'LBP', from: '2025-12', to: '2026-12', months: ['2026-10', '2026-12'] });
    expect(await screen.findByTestId('missing-rates')).toHaveTextContent(
      /2 months have no LBP rate: October 2026, December 2026\. Their invoices take an earlier rate, or none\./,
    );
  });

  it('says nothing when every month has its rate, or the tenant has one currency', async () => {
    renderPage('accountant');
    expect((await screen.findAllByText('1 USD = 89,500 LBP')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('missing-rates')).not.toBeInTheDocument();
  });
});
