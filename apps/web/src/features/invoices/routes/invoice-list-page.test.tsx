import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { InvoiceListPage } from './invoice-list-page';

const row = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  number: `INV-2026-00000${id}`,
  service: 1,
  customer: 3,
  customer_name: 'Nadia Daher',
  customer_code: 'C-000003',
  subscription: 3,
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  issued_on: '2026-11-01',
  due_on: '2026-11-16',
  currency: 'USD',
  subtotal: '90.00',
  tax: '10.05',
  total: '100.05',
  amount_paid: '0.00',
  balance_due: '100.05',
  status: 'unpaid',
  is_overdue: false,
  previous_reading: null,
  current_reading: null,
  consumption: null,
  created_by: 2,
  notes: '',
  cancelled_at: null,
  cancel_reason: '',
  created_at: '2026-11-01T06:00:00Z',
  ...overrides,
});

function renderList(role: string, path = '/invoices', options: { secondCurrency?: string; rows?: ReturnType<typeof row>[] } = {}) {
  const urls: string[] = [];
  const rows = options.rows ?? [row(1), row(2, { status: 'partially_paid', is_overdue: true, amount_paid: '50.00', balance_due: '50.05' })];
  stubFetch((url) => {
    urls.push(url);
    if (url === '/api/services/') return jsonResponse(200, [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }]);
    if (url.startsWith('/api/services/1/invoices/')) return jsonResponse(200, { count: rows.length, count_capped: false, next: null, previous: null, results: rows });
    return undefined;
  });
  return { ...renderWithProviders(<InvoiceListPage />, { path, role, tenant: options.secondCurrency ? { second_currency: options.secondCurrency } : undefined }), urls };
}

/** happy-dom's window size, for the columns that only fit on a wide screen. */
function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height: 900 });
}

// The grid renders slowly in happy-dom on a busy machine.
describe('invoice list', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('the total in the second currency (issue 14)', () => {
    afterEach(() => setViewportWidth(1024));
    const twoCurrencyRows = [
      row(1, { second_currency: 'LBP', exchange_rate: '89500.000000', exchange_rate_base: 'USD', total_second: '8954475', balance_due_second: '8955000' }),
      row(2, { second_currency: null, exchange_rate: null, exchange_rate_base: null, total_second: null, balance_due_second: null }),
    ];

    it('has its own column on a wide screen, each invoice at its own rate', async () => {
      setViewportWidth(1600);
      renderList('accountant', '/invoices', { secondCurrency: 'LBP', rows: twoCurrencyRows });
      expect(await screen.findByRole('columnheader', { name: 'Total in LBP' })).toBeInTheDocument();
      expect(screen.getByText(/LBP\s8,954,475/)).toBeInTheDocument();
      expect(screen.getByText('—')).toBeInTheDocument();
    });

    it('leaves it out where it does not fit (1440 px beside the menu), and without a second currency', async () => {
      setViewportWidth(1440);
      renderList('accountant', '/invoices', { secondCurrency: 'LBP', rows: twoCurrencyRows });
      expect(await screen.findByText('INV-2026-000002')).toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Total in LBP' })).not.toBeInTheDocument();
    });

    it('shows none for a tenant with one currency', async () => {
      setViewportWidth(1440);
      renderList('accountant');
      expect(await screen.findByText('INV-2026-000002')).toBeInTheDocument();
      expect(screen.queryByText(/Total in/)).not.toBeInTheDocument();
    });
  });

  it('shows status chips (overdue before partially paid), amounts and the billing run for an accountant', async () => {
    renderList('accountant');
    expect(await screen.findByText('INV-2026-000002')).toBeInTheDocument();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('$50.05')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Billing run' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New invoice' })).toHaveAttribute('href', '/invoices/create');
  });

  it('gives support a new invoice but no billing run', async () => {
    renderList('support');
    expect(await screen.findByText('INV-2026-000001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Billing run' })).not.toBeInTheDocument();
  });

  it('filters by status through the URL, and a billing month sets both ends of the period', async () => {
    const { router, urls } = renderList('admin', '/invoices?period_start=2026-10-01&period_end=2026-10-31');
    await screen.findByText('INV-2026-000001');
    expect(urls.some((url) => url.includes('period_start=2026-10-01') && url.includes('period_end=2026-10-31'))).toBe(true);
    expect(screen.getByLabelText('Billing month')).toHaveValue('2026-10');
    await userEvent.click(screen.getByRole('combobox', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=overdue'));
    await waitFor(() => expect(urls.at(-1)).toContain('status=overdue'));
  });
});
