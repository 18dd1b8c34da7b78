import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch, type FetchHandler } from '../../../shared/lib/test-render';
import { InvoiceDetailsPage } from './invoice-details-page';
import { invoiceWith, SERVICES } from './invoice-test-data';

const creditNote = {
  id: 3,
  number: 'CN-2026-000001',
  invoice: 42,
  invoice_number: 'INV-2026-000042',
  customer: 3,
  customer_name: 'Nadia Daher',
  issued_on: '2026-11-05',
  currency: 'USD',
  subtotal: '15.00',
  tax: '0.00',
  total: '15.00',
  applied: '15.00',
  to_credit: '0.00',
  lines: [],
  reason: 'Meter misread',
  created_by: 2,
  created_at: '2026-11-05T10:00:00Z',
};

function renderDetails(role: string, handler: FetchHandler = () => undefined, notes: unknown[] = []) {
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, SERVICES);
    if (url === '/api/services/1/invoices/42/') return jsonResponse(200, invoiceWith());
    if (url === '/api/services/1/invoices/42/credit-notes/' && init.method === 'GET') return jsonResponse(200, notes);
    return handler(url, init);
  });
  const result = renderWithProviders(<InvoiceDetailsPage />, { path: '/invoices/42', routePath: '/invoices/:invoiceId', role });
  return { ...result, fetchMock };
}

describe('credit notes on the invoice page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('issues a credit note for an amount, saying what the balance becomes and what turns into credit, with an Idempotency-Key', async () => {
    const posts: { body: unknown; key: string | null }[] = [];
    renderDetails('accountant', (url, init) => {
      if (url === '/api/services/1/invoices/42/credit-notes/' && init.method === 'POST') {
        posts.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
        return jsonResponse(201, { ...creditNote, number: 'CN-2026-000002' });
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Credit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note' });
    expect(dialog).toHaveTextContent(/total \$100\.05, balance due \$80\.05/);
    await userEvent.type(within(dialog).getByLabelText(/Amount \(tax included\)/), '90');
    expect(within(dialog).getByTestId('credit-note-preview')).toHaveTextContent(
      "Balance due after: $0.00; to the customer's credit: $9.95.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue the credit note' }));
    expect(await within(dialog).findByText('This field may not be blank.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Meter misread');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue the credit note' }));
    expect(await screen.findByText('Credit note CN-2026-000002 issued.')).toBeInTheDocument();
    expect(posts).toEqual([{ body: { amount: '90', reason: 'Meter misread' }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  });

  it('credits whole lines of the invoice, and asks for one at least', async () => {
    const bodies: unknown[] = [];
    renderDetails('admin', (url, init) => {
      if (url === '/api/services/1/invoices/42/credit-notes/' && init.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(201, creditNote);
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Credit note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit note' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Invoice lines' }));
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Fee waived');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue the credit note' }));
    expect(await within(dialog).findByText('Choose at least one line.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /10 A: monthly fee/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue the credit note' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { lines: [{ description: '10 A: monthly fee', quantity: '1.000', unit_price: '18.000000' }], reason: 'Fee waived' },
      ]),
    );
  });

  it("lists the credit notes and prints one in the user's language; support may not issue one", async () => {
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const urls: string[] = [];
    renderDetails(
      'support',
      (url) => {
        if (url.startsWith('/api/services/1/credit-notes/3/pdf/')) {
          urls.push(url);
          return new Response(new Blob(['%PDF'], { type: 'application/pdf' }), { status: 200 });
        }
        return undefined;
      },
      [creditNote],
    );
    const list = await screen.findByRole('list', { name: 'Credit notes' });
    expect(list).toHaveTextContent(/CN-2026-000001 · \$15\.00/);
    expect(list).toHaveTextContent('Meter misread');
    expect(screen.queryByRole('button', { name: 'Credit note' })).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Print credit note CN-2026-000001' }));
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:/));
    expect(urls).toEqual(['/api/services/1/credit-notes/3/pdf/?lang=en']);
  });
});
