import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch, typeDate, type FetchHandler } from '../../../shared/lib/test-render';
import { customer } from '../test-customer';
import { CustomerLedger } from './customer-ledger';

const ledger = {
  customer: 5,
  date_from: null,
  date_to: null,
  opening_balance: '0.00',
  entries: [
    { date: '2026-09-01', kind: 'invoice', reference: 'INV-2026-000001', invoice: 11, payment: null, amount: '30.00', balance: '30.00' },
    { date: '2026-09-15', kind: 'payment', reference: 'R-77', invoice: null, payment: 4, amount: '-45.50', balance: '-15.50' },
  ],
  closing_balance: '-15.50',
  ageing: { current: '0.00', days_1_30: '0.00', days_31_60: '0.00', days_61_90: '0.00', days_over_90: '0.00' },
};

const invoice = (id: number, number: string, dueOn: string, balance: string) => ({
  id,
  number,
  customer: 5,
  customer_name: 'Fadi Fares',
  status: 'unpaid',
  is_overdue: true,
  issued_on: dueOn,
  due_on: dueOn,
  period_start: dueOn,
  period_end: dueOn,
  currency: 'USD',
  total: balance,
  amount_paid: '0.00',
  balance_due: balance,
});
const openInvoices = {
  count: 4,
  count_capped: false,
  next: null,
  previous: null,
  results: [
    invoice(13, 'INV-2026-000013', '2026-10-15', '30.00'),
    invoice(11, 'INV-2026-000011', '2026-08-15', '30.00'),
    invoice(12, 'INV-2026-000012', '2026-09-15', '30.00'),
    { ...invoice(10, 'INV-2026-000010', '2026-07-15', '0.00'), status: 'paid' },
  ],
};

function renderLedger(role: string, handler: FetchHandler = () => undefined, current = customer, path = '/customers/5') {
  const fetchMock = stubFetch((url, init) => {
    if (url.startsWith('/api/services/1/customers/5/ledger/')) return jsonResponse(200, ledger);
    return handler(url, init);
  });
  const result = renderWithProviders(<CustomerLedger serviceId={1} customer={current} />, { path, role });
  return { ...result, fetchMock };
}

describe('customer ledger', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows opening, every movement with the running balance (credit in words), closing and the ageing, for the period in the URL', async () => {
    const { fetchMock, router } = renderLedger('accountant', undefined, customer, '/customers/5?date_from=2026-09-01');
    const table = await screen.findByRole('table', { name: 'Ledger' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[1]).toMatch(/Opening balance\$0\.00/);
    expect(rows[2]).toMatch(/InvoiceINV-2026-000001\$30\.00\$30\.00/);
    expect(rows[3]).toMatch(/PaymentR-77-\$45\.50\$15\.50 credit/);
    expect(rows[4]).toMatch(/Closing balance\$15\.50 credit/);
    expect(within(table).getByRole('link', { name: 'INV-2026-000001' })).toHaveAttribute('href', '/invoices/11');
    expect(screen.getByTestId('ageing-days_31_60')).toHaveTextContent('31–60 days$0.00');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/services/1/customers/5/ledger/?date_from=2026-09-01');

    await typeDate(await screen.findByRole('group', { name: 'To' }), '2026-09-30');
    await waitFor(() => expect(router.state.location.search).toBe('?date_from=2026-09-01&date_to=2026-09-30'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url) === '/api/services/1/customers/5/ledger/?date_from=2026-09-01&date_to=2026-09-30'),
      ).toBe(true),
    );
  });

  it('says "credit" in Arabic too', async () => {
    stubFetch((url) => (url.startsWith('/api/services/1/customers/5/ledger/') ? jsonResponse(200, ledger) : undefined));
    renderWithProviders(<CustomerLedger serviceId={1} customer={customer} />, { role: 'admin', language: 'ar' });
    const table = await screen.findByRole('table', { name: 'كشف الحساب' });
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('الرصيد الختامي١٥٫٥٠ US$ دائن');
  });

  it('pays the account: oldest invoices first, the rest as credit, one Idempotency-Key, then everything showing money is asked again', async () => {
    const posts: { body: unknown; key: string | null }[] = [];
    const { queryClient, fetchMock } = renderLedger('accountant', (url, init) => {
      if (url.startsWith('/api/services/1/invoices/?')) return jsonResponse(200, openInvoices);
      if (url === '/api/services/1/customers/5/payments/' && init.method === 'POST') {
        posts.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
        return jsonResponse(201, {
          id: 1,
          customer: 5,
          amount: '100.00',
          method: 'cash',
          reference: 'R-9',
          paid_at: '2026-11-20T10:00:00Z',
          received_by: 2,
          allocations: [],
          credit_added: '10.00',
          customer_balance: '-10.00',
          customer_credit: '10.00',
        });
      }
      return undefined;
    });
    await screen.findByRole('table', { name: 'Ledger' });
    expect(screen.queryByRole('button', { name: 'Refund credit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment on the account' });
    await waitFor(() => expect(dialog).toHaveTextContent(/Owed on open invoices: \$90\.00/));
    await userEvent.type(within(dialog).getByLabelText('Amount in USD'), '100');
    await userEvent.type(within(dialog).getByLabelText(/Reference/), 'R-9');
    const allocation = within(dialog).getByTestId('pay-account-allocation');
    expect(
      within(allocation)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/[\u2066-\u2069]/g, '')),
    ).toEqual([
      'Invoice INV-2026-000011, due 15 Aug 2026$30.00',
      expect.stringMatching(/^Invoice INV-2026-000012, due 15 Sept? 2026\$30\.00$/),
      'Invoice INV-2026-000013, due 15 Oct 2026$30.00',
      'Becomes credit$10.00',
    ]);
    queryClient.setQueryData(['statistics', 'x'], 1);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Take \W*\$100\.00\W*$/ }));
    expect(await screen.findByText('Payment of $100.00 recorded; $10.00 added to the credit.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ amount: '100.00', method: 'cash', reference: 'R-9' });
    expect(posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(queryClient.getQueryState(['statistics', 'x'])?.isInvalidated).toBe(true);
    // The ledger on screen is asked again.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/ledger/'))).toHaveLength(2));
  });

  it('keeps the key after a network failure and renews it after a refusal', async () => {
    const keys: (string | null)[] = [];
    let answer: 'network' | 'refuse' = 'network';
    renderLedger('admin', (url, init) => {
      if (url.startsWith('/api/services/1/invoices/?')) return jsonResponse(200, openInvoices);
      if (url === '/api/services/1/customers/5/payments/' && init.method === 'POST') {
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        if (answer === 'network') throw new TypeError('Failed to fetch');
        return jsonResponse(400, { amount: ['Enter a valid number.'] });
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment on the account' });
    await userEvent.type(within(dialog).getByLabelText('Amount in USD'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Take \W*\$5\.00\W*$/ }));
    await within(dialog).findByRole('alert');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Take \W*\$5\.00\W*$/ }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    answer = 'refuse';
    await userEvent.click(within(dialog).getByRole('button', { name: /^Take \W*\$5\.00\W*$/ }));
    await within(dialog).findByText('Enter a valid number.');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Take \W*\$5\.00\W*$/ }));
    await waitFor(() => expect(keys).toHaveLength(4));
    expect(keys[3]).not.toBe(keys[2]);
  });

  it('offers no account payment to a collector (the API refuses it), and shows the statement to print', async () => {
    renderLedger('collector');
    await screen.findByRole('table', { name: 'Ledger' });
    expect(screen.queryByRole('button', { name: 'Pay account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund credit' })).not.toBeInTheDocument();
  });

  it('refunds credit (admin): at most the credit held, with a reason', async () => {
    const posts: unknown[] = [];
    renderLedger(
      'admin',
      (url, init) => {
        if (url === '/api/services/1/customers/5/credit/refund/' && init.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return jsonResponse(201, {
            id: 1,
            customer: 5,
            amount: '5.00',
            reason: 'Moved away',
            customer_balance: '-10.50',
            customer_credit: '10.50',
          });
        }
        return undefined;
      },
      { ...customer, balance: '-15.50', credit: '15.50' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Refund credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund credit' });
    expect(dialog).toHaveTextContent('Credit held: $15.50.');
    const amount = within(dialog).getByLabelText(/Amount to refund/);
    expect(amount).toHaveValue('15.50');
    await userEvent.clear(amount);
    await userEvent.type(amount, '20');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Moved away');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund credit' }));
    expect(await within(dialog).findByText('At most the credit held: $15.50.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: /^Refund \W*\$5\.00\W*$/ }));
    expect(await screen.findByText('$5.00 refunded.')).toBeInTheDocument();
    expect(posts).toEqual([{ amount: '5', reason: 'Moved away' }]);
  });

  it('prints the statement of the period in the language chosen', async () => {
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const urls: string[] = [];
    renderLedger(
      'accountant',
      (url) => {
        if (url.startsWith('/api/services/1/customers/5/statement/')) {
          urls.push(url);
          return new Response(new Blob(['%PDF'], { type: 'application/pdf' }), {
            status: 200,
            headers: { 'Content-Type': 'application/pdf' },
          });
        }
        return undefined;
      },
      customer,
      '/customers/5?date_from=2026-01-01&date_to=2026-10-31',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Print statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement of account' });
    expect(await within(dialog).findByRole('group', { name: 'From' })).toHaveTextContent('1 Jan 2026');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Language of the statement' }));
    await userEvent.click(await screen.findByRole('option', { name: 'العربية' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    expect(urls).toEqual(['/api/services/1/customers/5/statement/?date_from=2026-01-01&date_to=2026-10-31&lang=ar']);
  });
});
