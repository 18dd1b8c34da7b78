import type { PublicBill } from '@meterline/contract/public-bills';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createAppQueryClient } from '../../../app/providers';
import { buildRoutes } from '../../../app/router';
import { initI18n } from '../../../i18n/index';
import { updateSettings } from '../../../shared/lib/settings-store';

const TOKEN = 'AAAAAQAAAAJ0ZXN0LXRhZy1vZi0xNi1i';

const BILL: PublicBill = {
  language: 'en',
  operator: { name: 'Nour Power', phone: '+961 1 555 000', address: 'Main street 4', logo_url: null },
  customer: { name: 'Ibrahim K…', phone: '•••• 4567', code: 'C-000042' },
  balance_due: [
    { currency: 'USD', amount: '40.00' },
    { currency: 'LBP', amount: '3580000' },
  ],
  invoices: [
    {
      number: 'INV-2026-000007',
      period_start: '2026-09-01',
      period_end: '2026-09-30',
      due_on: '2026-10-15',
      total: [{ currency: 'USD', amount: '30.00' }],
      amount_due: [{ currency: 'USD', amount: '20.00' }],
    },
  ],
  payments: [{ paid_at: '2026-10-02T09:00:00Z', amount: { currency: 'USD', amount: '10.00' }, receipt_number: 17 }],
};

function renderBill(answer: Response) {
  initI18n('en');
  updateSettings({ language: 'en' });
  const fetchMock = vi.fn(async () => answer);
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [`/b/${TOKEN}`] });
  render(
    <AppProviders queryClient={createAppQueryClient()} initialSession={{ isLoggedIn: false, isInitialized: true, user: null }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  updateSettings({ language: 'en' });
});

describe('the public bill page', () => {
  it('shows the bill without signing in: the balance in both currencies, the invoice, the payment’s receipt and a number to call', async () => {
    const fetchMock = renderBill(new Response(JSON.stringify(BILL), { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByRole('heading', { name: 'Your bill' })).toBeInTheDocument();
    const balance = await screen.findByTestId('public-bill-balance');
    expect(balance.textContent).toContain('$40.00');
    expect(balance.textContent).toMatch(/LBP\s?3,580,000/);
    expect(screen.getByText('INV-2026-000007')).toBeInTheDocument();
    expect(screen.getByText('#17')).toBeInTheDocument();
    expect(screen.getByText('Ibrahim K…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call +961 1 555 000' })).toHaveAttribute('href', 'tel:+9611555000');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    // One call, the public one, with no bearer.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/public/bills/${TOKEN}/`);
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('switches to Arabic, right to left', async () => {
    renderBill(new Response(JSON.stringify(BILL), { status: 200, headers: { 'content-type': 'application/json' } }));
    await screen.findByTestId('public-bill-balance');
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    expect(await screen.findByRole('heading', { name: 'فاتورتك' })).toBeInTheDocument();
    expect(screen.getByText('الفواتير المفتوحة')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('says the link is no longer valid on a 404', async () => {
    renderBill(new Response(JSON.stringify({ detail: 'Not found.', code: 'not_found' }), { status: 404 }));
    expect(await screen.findByText(/This link is no longer valid/)).toBeInTheDocument();
    expect(screen.queryByTestId('public-bill-balance')).not.toBeInTheDocument();
  });
});
