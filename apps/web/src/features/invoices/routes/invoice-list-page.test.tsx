import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { invoiceQueryOptions } from '../api/get-invoice';
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

function renderList(
  role: string,
  path = '/invoices',
  options: { secondCurrency?: string; rows?: ReturnType<typeof row>[]; detail?: Record<string, unknown> } = {},
) {
  const urls: string[] = [];
  const rows = options.rows ?? [row(1), row(2, { status: 'partially_paid', is_overdue: true, amount_paid: '50.00', balance_due: '50.05' })];
  stubFetch((url) => {
    urls.push(url);
    if (url === '/api/services/') return jsonResponse(200, [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }]);
    if (options.detail && url === `/api/services/1/invoices/${String(options.detail.id)}/`) return jsonResponse(200, options.detail);
    if (url.startsWith('/api/services/1/invoices/')) {
      const totals = url.includes('totals=true') ? { totals: { total: '200.10', amount_paid: '50.00', balance_due: '150.10' } } : {};
      return jsonResponse(200, { count: rows.length, count_capped: false, next: null, previous: null, results: rows, ...totals });
    }
    return undefined;
  });
  return {
    ...renderWithProviders(<InvoiceListPage />, {
      path,
      role,
      tenant: options.secondCurrency ? { second_currency: options.secondCurrency } : undefined,
    }),
    urls,
  };
}

/** happy-dom's window size, for the columns that only fit on a wide screen. */
function setViewportWidth(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({
    width,
    height: 900,
  });
}

// The grid renders slowly in happy-dom on a busy machine.
describe('invoice list', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('the total in the second currency (issue 14)', () => {
    afterEach(() => setViewportWidth(1024));
    const twoCurrencyRows = [
      row(1, {
        second_currency: 'LBP',
        exchange_rate: '89500.000000',
        exchange_rate_base: 'USD',
        total_second: '8954475',
        balance_due_second: '8955000',
      }),
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
    // The billing month is one chip (its two ends are one choice), in the user's words.
    expect(within(screen.getByRole('group', { name: 'Filters in use' })).getByText('October 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: /Status/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=overdue'));
    await waitFor(() => expect(urls.at(-1)).toContain('status=overdue'));
  });

  it('shows each filter in use as a removable chip, and "Clear all" clears them and the search', async () => {
    const { router, urls } = renderList('admin', '/invoices?status=paid&search=nadia&date_from=2026-10-01');
    await screen.findByText('INV-2026-000001');
    const chips = screen.getByRole('group', { name: 'Filters in use' });
    expect(within(chips).getByText('Paid')).toBeInTheDocument();
    expect(within(chips).getByText('nadia')).toBeInTheDocument();
    // The issue-date range is one chip, open-ended here, in the user's words.
    expect(within(chips).getByText('1 Oct 2026 – …')).toBeInTheDocument();
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove the filter Status' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('status='));
    expect(router.state.location.search).toContain('search=nadia');
    await waitFor(() => expect(urls.at(-1)).not.toContain('status='));
    await userEvent.click(within(screen.getByRole('group', { name: 'Filters in use' })).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('group', { name: 'Filters in use' })).not.toBeInTheDocument();
  });

  it('searches a number typed in Arabic-Indic digits, or pasted from an Arabic screen with its marks, in Western digits', async () => {
    const { urls } = renderList('admin', `/invoices?search=${encodeURIComponent('INV-\u200e٢٠٢٦-\u200e٠٠٠٠٠١')}`);
    await screen.findByText('INV-2026-000001');
    expect(urls.some((url) => new URL(url, 'http://x').searchParams.get('search') === 'INV-2026-000001')).toBe(true);
  });

  it('asks the API for the totals of the filtered rows and shows them under the list', async () => {
    const { urls } = renderList('admin', '/invoices?status=unpaid');
    const totals = await screen.findByRole('status', { name: 'Totals of the filtered rows' });
    expect(urls.some((url) => url.includes('status=unpaid') && url.includes('totals=true'))).toBe(true);
    expect(within(totals).getByText('$200.10')).toBeInTheDocument();
    expect(within(totals).getByText('$150.10')).toBeInTheDocument();
  });

  it('gives each row its actions: pay, print and open the customer, without opening the invoice', async () => {
    const { router } = renderList('admin');
    await screen.findByText('INV-2026-000001');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for INV-2026-000001' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Take a payment' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Print invoice' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invoices');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Open the customer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/3'));
  });

  it("keeps nothing of a row's payment until its menu is used: no invoice record is asked for before Pay", async () => {
    const detail = { ...row(1), lines: [], readings: [], payments: [], credit_notes: [], late_fees: [] };
    const { urls, queryClient } = renderList('admin', '/invoices', { detail });
    await screen.findByText('INV-2026-000001');
    // A row's payment dialog needs the invoice's record: nothing of it exists before "Take a payment".
    expect(queryClient.getQueryCache().findAll({ queryKey: invoiceQueryOptions(1, 1).queryKey })).toHaveLength(0);
    expect(queryClient.getQueryCache().findAll({ queryKey: invoiceQueryOptions(1, 2).queryKey })).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for INV-2026-000001' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Take a payment' }));
    await waitFor(() => expect(urls).toContain('/api/services/1/invoices/1/'));
    expect(urls).not.toContain('/api/services/1/invoices/2/');
  });

  it('offers no payment on a paid invoice, nor to a role that may not take one', async () => {
    renderList('support', '/invoices', { rows: [row(1)] });
    await screen.findByText('INV-2026-000001');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for INV-2026-000001' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Take a payment' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Print invoice' })).toBeInTheDocument();
  });

  describe('on a phone', () => {
    afterEach(() => setViewportWidth(1024));

    it('folds the filters into a bottom sheet opened by "Filters", stacked full width', async () => {
      setViewportWidth(390);
      renderList('admin', '/invoices?status=paid');
      await screen.findByText('INV-2026-000001');
      // The chip shows what is set while the sheet is closed.
      expect(within(screen.getByRole('group', { name: 'Filters in use' })).getByText('Paid')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
      const sheet = await screen.findByRole('dialog', { name: 'Filters' });
      expect(within(sheet).getByRole('combobox', { name: /Status/ })).toBeInTheDocument();
      await userEvent.click(within(sheet).getByRole('button', { name: 'Show results' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument());
    });
  });
});
