import type { InvoiceDetail } from '@meterline/contract/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { InvoiceDetailsPage } from './invoice-details-page';
import { invoiceWith, payment, SERVICES } from './invoice-test-data';

function renderDetails(role: string, invoice: InvoiceDetail, onPayment?: (init: RequestInit & { method: string }) => Response) {
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, SERVICES);
    if (url === '/api/services/1/invoices/42/') return jsonResponse(200, invoice);
    if (url === '/api/services/1/invoices/42/create_payment/' && onPayment) return onPayment(init);
    return undefined;
  });
  const result = renderWithProviders(<InvoiceDetailsPage />, { path: '/invoices/42', routePath: '/invoices/:invoiceId', role });
  return { ...result, fetchMock };
}

describe('invoice details', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows lines, readings, payments and balance; support gets no money buttons', async () => {
    renderDetails('support', invoiceWith());
    expect(await screen.findByRole('heading', { name: 'INV-2026-000042' })).toBeInTheDocument();
    expect(screen.getByText('$80.05')).toBeInTheDocument();
    // The consumption, and the meter line shown in words rather than as stored.
    expect(screen.getAllByText('241.334 kWh', { selector: 'bdi' })).toHaveLength(2);
    expect(screen.getByText('Monthly fee:', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Rania Khoury')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as paid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
  });

  it('offers cancel only while nothing is paid', async () => {
    renderDetails('accountant', invoiceWith({ amount_paid: '0.00', balance_due: '100.05', status: 'unpaid', payments: [] }));
    expect(await screen.findByRole('button', { name: 'Cancel invoice' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as paid' })).toBeInTheDocument();
  });

  it('marks as paid after a confirmation with the amount, sending one Idempotency-Key per opening', async () => {
    const keys: string[] = [];
    const bodies: unknown[] = [];
    let answer = 0;
    renderDetails('accountant', invoiceWith(), (init) => {
      keys.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
      bodies.push(JSON.parse(String(init.body)));
      answer += 1;
      // The first attempt is refused (nothing paid): the next attempt must get a new key.
      return answer === 1
        ? jsonResponse(409, { detail: 'busy', code: 'idempotency_in_flight' })
        : jsonResponse(201, { ...payment, id: 8, amount: '80.05' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    expect(dialog).toHaveTextContent('Record a payment of $80.05 for invoice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record $80.05' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record $80.05' }));
    expect(await screen.findByText('Payment of $80.05 recorded on INV-2026-000042.')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    // Mark as paid sends the balance it showed and the moment: sent later (offline), it must not pay a balance changed meanwhile.
    expect(bodies[1]).toEqual({ method: 'cash', reference: '', note: '', amount: '80.05', paid_at: expect.any(String) });
  });

  it('computes the balance after a partial payment exactly; cash over the balance is change', async () => {
    const bodies: unknown[] = [];
    renderDetails('admin', invoiceWith(), (init) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { ...payment, id: 9, amount: '0.10' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Partial payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a partial payment' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount in USD' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Enter an amount above zero.')).toBeInTheDocument();
    await userEvent.type(amount, '80.06');
    expect(within(dialog).getByTestId('change-due')).toHaveTextContent('Change due: $0.01');
    await userEvent.clear(amount);
    // 80.05 - 0.10 = 79.95 exactly (a float gives 79.94999…).
    await userEvent.type(amount, '٠٫١');
    expect(dialog).toHaveTextContent('The balance due becomes $79.95.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record $0.10' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { method: 'cash', reference: '', note: '', amounts: [{ currency: 'USD', amount: '0.10' }], paid_at: expect.any(String) },
      ]),
    );
  });

  it('says when older invoices of the customer are unpaid, and opens the account payment instead (oldest first)', async () => {
    const current = invoiceWith();
    const older = { ...current, id: 36, number: 'INV-2026-000036', issued_on: '2026-10-01', status: 'unpaid', balance_due: '30.00' };
    const paid = { ...older, id: 37, number: 'INV-2026-000037', status: 'paid', balance_due: '0.00' };
    const lists: string[] = [];
    stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, SERVICES);
      if (url === '/api/services/1/invoices/42/') return jsonResponse(200, current);
      if (url.startsWith('/api/services/1/invoices/?')) {
        lists.push(url);
        return jsonResponse(200, { count: 3, count_capped: false, next: null, previous: null, results: [older, paid, current] });
      }
      return undefined;
    });
    renderWithProviders(<InvoiceDetailsPage />, { path: '/invoices/42', routePath: '/invoices/:invoiceId', role: 'accountant' });
    const notice = await screen.findByTestId('older-invoices-notice');
    expect(notice).toHaveTextContent('Older invoices of this customer are unpaid: \u2066INV-2026-000036\u2069.');
    expect(lists.some((url) => url.includes(`customer=${current.customer}`) && url.includes(`date_to=${current.issued_on}`))).toBe(true);
    // The payment dialog says it too, and its action opens the account payment in its place.
    await userEvent.click(screen.getByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    await userEvent.click(
      within(await within(dialog).findByTestId('older-invoices-notice')).getByRole('button', { name: 'Pay the account instead' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Payment on the account' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark as paid' })).not.toBeInTheDocument());
  });

  it('sends the date the payment was received, chosen in the dialog (issue 11)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:30:00Z'));
    try {
      const bodies: unknown[] = [];
      renderDetails('accountant', invoiceWith(), (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(201, { ...payment, id: 9, amount: '80.05' });
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Mark as paid' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
      // Cash taken on the 22nd at 10:30, typed in today (the picker is a chunk loaded with the dialog).
      const day = await within(dialog).findByRole('spinbutton', { name: 'Day' });
      expect(day).toHaveTextContent('24');
      await userEvent.click(day);
      await userEvent.keyboard('{ArrowDown}{ArrowDown}');
      expect(day).toHaveTextContent('22');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Record $80.05' }));
      await waitFor(() =>
        expect(bodies).toEqual([{ method: 'cash', reference: '', note: '', amount: '80.05', paid_at: '2026-11-22T10:30:00.000Z' }]),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the refusal of a payment date on the date field, in Arabic', async () => {
    const message = 'This date is more than 3 days ago.';
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, SERVICES);
      if (url === '/api/services/1/invoices/42/') return jsonResponse(200, invoiceWith());
      if (url === '/api/services/1/invoices/42/create_payment/' && init.method === 'PUT')
        return jsonResponse(400, {
          paid_at: [message],
          code: 'date_too_old',
          errors: [{ field: 'paid_at', code: 'date_too_old', message, params: { days: 3 } }],
        });
      return undefined;
    });
    renderWithProviders(<InvoiceDetailsPage />, {
      path: '/invoices/42',
      routePath: '/invoices/:invoiceId',
      role: 'accountant',
      language: 'ar',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'تسجيل كمدفوعة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل كمدفوعة' });
    await userEvent.click(within(dialog).getByRole('button', { name: /^تسجيل/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, call]) => call?.method === 'PUT')).toBe(true));
    // On the field, in Arabic (from its code), not as the dialog's alert.
    const helper = await within(dialog).findByText('هذا التاريخ أقدم من ٣ يومًا.');
    const group = await within(dialog).findByRole('group', { name: 'تاريخ الاستلام' });
    expect(group.closest('.MuiFormControl-root')).toContainElement(helper);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'تسجيل كمدفوعة' })).toBeInTheDocument();
  });

  it('reverses a payment with a reason as a negative amount naming it', async () => {
    const bodies: unknown[] = [];
    renderDetails('accountant', invoiceWith(), (init) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { ...payment, id: 10, amount: '-20.00', reverses: 7, reason: 'Wrong customer' });
    });
    await userEvent.click(await screen.findByRole('button', { name: /Reverse the payment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse a payment' });
    expect(dialog).toHaveTextContent('The balance due becomes $100.05.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse $20.00' }));
    expect(await within(dialog).findByText('This field may not be blank.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong customer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse $20.00' }));
    await waitFor(() => expect(bodies).toEqual([{ amount: '-20.00', reason: 'Wrong customer', reverses: 7, method: 'cash' }]));
  });
});
