import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { OverdueListPage } from './overdue-list-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const row = {
  customer: 12,
  customer_code: 'C-000012',
  customer_name: 'Rania Khoury',
  phone: '+96170123456',
  station: null,
  region: null,
  days_overdue: 46,
  oldest_due_on: '2026-08-16',
  overdue_invoices: 2,
  overdue_amount: '45.00',
  last_payment_at: null,
  last_reminder_at: null,
};

// A whole page with the data grid: slow on a machine shared by several engineers.
describe('overdue list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows whom to chase, opens the customer, and asks the API for the disconnection list', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/services/1/overdue/')) return jsonResponse(200, { count: 1, count_capped: false, next: null, previous: null, results: [row] });
      return undefined;
    });
    const { router } = renderWithProviders(<OverdueListPage />, { path: '/overdue', routePath: '/overdue', role: 'accountant', routes: [{ path: '/customers/:customerId', element: <p>Customer page</p> }] });
    const grid = await screen.findByRole('grid', { name: 'Overdue' });
    const dataRow = await within(grid).findByRole('row', { name: /Rania Khoury/ });
    expect(dataRow).toHaveTextContent('46');
    expect(dataRow).toHaveTextContent('$45.00');
    expect(dataRow).toHaveTextContent('Never');

    await userEvent.click(screen.getByRole('combobox', { name: 'Overdue for' }));
    await userEvent.click(await screen.findByRole('option', { name: 'At least 60 days' }));
    await vi.waitFor(() => expect(router.state.location.search).toContain('min_days=60'));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('min_days=60'))).toBe(true));

    await userEvent.click(within(grid).getByText('Rania Khoury'));
    expect(await screen.findByText('Customer page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customers/12');
  });
});
