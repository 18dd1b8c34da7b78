import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { TransactionCreatePage } from './transaction-create-page';

const staff = (id: number, first_name: string, role: string) => ({
  id,
  first_name,
  last_name: 'Test',
  username: first_name.toLowerCase(),
  role,
  is_active: true,
});

describe('new transaction', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('needs who handed cash over, then confirms who moves how much, exactly, once', async () => {
    const posts: { body: unknown; key: string | null }[] = [];
    stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }]);
      if (url.startsWith('/api/auth/users/'))
        return jsonResponse(200, {
          count: 2,
          count_capped: false,
          next: null,
          previous: null,
          results: [staff(1, 'Sara', 'accountant'), staff(5, 'Karim', 'collector')],
        });
      if (url === '/api/transaction/transactions/' && init.method === 'POST') {
        posts.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
        return jsonResponse(201, { id: 1 });
      }
      return undefined;
    });
    const { router } = renderWithProviders(<TransactionCreatePage />, {
      path: '/transactions/create',
      role: 'accountant',
      routes: [{ path: '/transactions', element: <p>List</p> }],
    });
    await userEvent.type(await screen.findByRole('textbox', { name: /Amount/ }), '٥٠٫٢٥');
    await userEvent.click(screen.getByRole('button', { name: 'Record transaction' }));
    expect(await screen.findByText('Choose who handed the cash over.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: /From/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Karim Test/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Record transaction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this transaction?' });
    expect(dialog).toHaveTextContent('A Handover of $50.25 from Karim Test to Sara Test will be recorded.');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Record $50.25' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(posts).toHaveLength(1);
    expect(first(posts).body).toEqual({ kind: 'handover', amount: '50.25', service: 1, from_user: 5, to_user: 1, description: '' });
    expect(first(posts).key).toMatch(/^[\da-f-]{32,36}$/);
  });
  it('retries a lost answer with the same Idempotency-Key; after a refusal, another amount goes with a new one', async () => {
    const posts: { body: { amount?: string }; key: string | null }[] = [];
    stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }]);
      if (url.startsWith('/api/auth/users/'))
        return jsonResponse(200, {
          count: 2,
          count_capped: false,
          next: null,
          previous: null,
          results: [staff(1, 'Sara', 'accountant'), staff(5, 'Karim', 'collector')],
        });
      if (url === '/api/transaction/transactions/' && init.method === 'POST') {
        posts.push({ body: JSON.parse(String(init.body)) as { amount?: string }, key: new Headers(init.headers).get('Idempotency-Key') });
        if (posts.length === 1) throw new TypeError('Failed to fetch');
        if (posts.length === 2) return jsonResponse(400, { amount: ['Ensure this value is less than or equal to 40.'] });
        return jsonResponse(201, { id: 1 });
      }
      return undefined;
    });
    const { router } = renderWithProviders(<TransactionCreatePage />, {
      path: '/transactions/create',
      role: 'accountant',
      routes: [{ path: '/transactions', element: <p>List</p> }],
    });
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    await userEvent.type(amount, '50');
    await userEvent.click(screen.getByRole('combobox', { name: /From/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Karim Test/ }));
    const confirm = async (label: string) => {
      // The page is hidden from the accessibility tree until the last dialog has closed.
      await userEvent.click(await screen.findByRole('button', { name: 'Record transaction' }));
      const dialog = await screen.findByRole('dialog', { name: 'Record this transaction?' });
      await userEvent.click(within(dialog).getByRole('button', { name: label }));
    };
    await confirm('Record $50.00');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await confirm('Record $50.00');
    expect(await screen.findByText('Ensure this value is less than or equal to 40.')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '40');
    await confirm('Record $40.00');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(posts.map((post) => post.body.amount)).toEqual(['50', '50', '40']);
    // The answer lost to the network may have moved the money: the retry says so with the same key.
    expect(posts[1]?.key).toBe(posts[0]?.key);
    // The refusal moved nothing: the corrected transaction is a new request.
    expect(posts[2]?.key).not.toBe(posts[1]?.key);
  });
});
