import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { InvoiceCreatePage } from './invoice-create-page';

const customer = {
  id: 5,
  service: 1,
  code: 'C-000005',
  full_name: 'Fadi Fares',
  subscription: { id: 8, bundle: 2, bundle_name: '5 A', counter: '2059.439', started_on: '2025-11-01' },
};

describe('new invoice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends one Idempotency-Key per attempt: kept after a network failure, renewed after a refusal (issue 29, item 6)', async () => {
    const keys: (string | null)[] = [];
    stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }]);
      if (url === '/api/services/1/customers/5/') return jsonResponse(200, customer);
      if (url === '/api/services/1/invoices/' && init.method === 'POST') {
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        if (keys.length === 1) throw new TypeError('Failed to fetch');
        if (keys.length === 2)
          return jsonResponse(400, {
            code: 'period_in_future',
            period_start: ['The period starts after today (2026-11-28).'],
            errors: [{ field: 'period_start', code: 'period_in_future', message: 'The period starts after today (2026-11-28).' }],
          });
        return jsonResponse(201, { id: 41, number: 'INV-2026-000041' });
      }
      return undefined;
    });
    const { router } = renderWithProviders(<InvoiceCreatePage />, {
      path: '/invoices/create?customer=5',
      routePath: '/invoices/create',
      routes: [{ path: '/invoices/:invoiceId', element: <p>Invoice page</p> }],
    });
    expect(await screen.findByText(/5 A/)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Create invoice' });
    await userEvent.click(submit);
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(keys).toHaveLength(2));
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/41'));
    expect(keys).toHaveLength(3);
    // The answer lost to the network may have billed: the retry says so with the same key.
    expect(keys[1]).toBe(keys[0]);
    // A refusal billed nothing: the next attempt is a new request.
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[0]).toMatch(/^[\da-f-]{32,36}$/);
  });
});
