import type { InvoiceDetail } from '@meterline/contract/invoices';
import type { Payment } from '@meterline/contract/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { InvoiceDetailsPage } from './invoice-details-page';

const SERVICES = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];

const paid: Payment = {
  id: 8,
  invoice: 42,
  invoice_number: 'INV-2026-000042',
  customer: 3,
  customer_name: 'Nadia Daher',
  amount: '14.94',
  method: 'cash',
  reference: '',
  paid_at: '2026-12-10T10:00:00Z',
  received_by: 2,
  received_by_name: 'Rania Khoury',
  note: '',
  reason: '',
  reverses: null,
  tendered: [{ currency: 'LBP', amount: '1500000' }],
  received: '16.76',
  change_due: [
    { currency: 'USD', amount: '1.80' },
    { currency: 'LBP', amount: '163000' },
  ],
  exchange_rate: '89500.000000',
  exchange_rate_base: 'USD',
};

const invoice: InvoiceDetail = {
  id: 42,
  number: 'INV-2026-000042',
  service: 1,
  customer: 3,
  customer_name: 'Nadia Daher',
  customer_code: 'C-000003',
  subscription: 3,
  period_start: '2026-12-01',
  period_end: '2026-12-31',
  issued_on: '2026-12-01',
  due_on: '2026-12-16',
  currency: 'USD',
  subtotal: '45.00',
  tax: '0.00',
  total: '45.00',
  amount_paid: '30.06',
  balance_due: '14.94',
  status: 'partially_paid',
  is_overdue: false,
  previous_reading: '0.000',
  current_reading: '310.000',
  consumption: '310.000',
  created_by: 2,
  notes: '',
  cancelled_at: null,
  cancel_reason: '',
  created_at: '2026-12-01T06:00:00Z',
  second_currency: 'LBP',
  exchange_rate: '89500.000000',
  exchange_rate_base: 'USD',
  total_second: '4027500',
  balance_due_second: '1338000',
  cash_rounding: { LBP: '1000', USD: '0.05' },
  lines: [
    {
      id: 1,
      position: 1,
      description: 'Consumption: 210 kWh (2026-10, October)',
      quantity: '210.000',
      unit_price: '0.330000',
      amount: '69.30',
      pricing: { tariff: 5, tariff_name: 'October', month: '2026-10', tier: null },
    },
    {
      id: 2,
      position: 2,
      description: 'Consumption: 100 kWh (2026-11, November, tier 1)',
      quantity: '100.000',
      unit_price: '0.300000',
      amount: '30.00',
      pricing: { tariff: 6, tariff_name: 'November', month: '2026-11', tier: 1 },
    },
  ],
  readings: [],
  payments: [
    {
      ...paid,
      id: 7,
      amount: '30.06',
      tendered: [
        { currency: 'USD', amount: '20.00' },
        { currency: 'LBP', amount: '900000' },
      ],
      received: '30.06',
      change_due: [
        { currency: 'USD', amount: '0.00' },
        { currency: 'LBP', amount: '0' },
      ],
    },
  ],
};

function renderDetails(onPayment: (init: RequestInit & { method: string }) => Response) {
  stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, SERVICES);
    if (url === '/api/services/1/invoices/42/') return jsonResponse(200, invoice);
    if (url === '/api/services/1/invoices/42/create_payment/') return onPayment(init);
    return undefined;
  });
  return renderWithProviders(<InvoiceDetailsPage />, { path: '/invoices/42', routePath: '/invoices/:invoiceId', role: 'accountant' });
}

describe('an invoice in two currencies', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the rate, the total and balance in both currencies, each line’s tariff and what a payment handed over', async () => {
    renderDetails(() => jsonResponse(201, paid));
    expect(await screen.findByRole('heading', { name: 'INV-2026-000042' })).toBeInTheDocument();
    expect(screen.getByText('1 USD = 89,500 LBP')).toBeInTheDocument();
    expect(screen.getAllByText(/LBP\s4,027,500/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/LBP\s1,338,000/).length).toBeGreaterThan(0);
    // The tariff's name is a name: isolated by its first letter (docs/web.md, "Digits").
    expect(screen.getAllByText('\u2068November\u2069').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/tier 1/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Handed over: \$20\.00 \+ LBP\s900,000/).length).toBeGreaterThan(0);
  });

  it('takes cash in LBP, shows the change due in both currencies, and sends the amounts', async () => {
    const bodies: unknown[] = [];
    renderDetails((init) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse(201, paid);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount in LBP' }), '١٥٠٠٠٠٠');
    // 1,500,000 LBP = 16.76 USD: the balance 14.94 is paid, 1.82 back -> 1.80 USD or 163,000 LBP.
    expect(within(dialog).getByTestId('change-due')).toHaveTextContent(/Change due: \$1\.80 or LBP\s163,000/);
    expect(dialog).toHaveTextContent('Pays $14.94 of the balance.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record $14.94' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          method: 'cash',
          reference: '',
          note: '',
          amounts: [{ currency: 'LBP', amount: '1500000' }],
          paid_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ]),
    );
    expect(await screen.findByText(/Change due: \$1\.80 or LBP\s163,000\./)).toBeInTheDocument();
  });

  it('a split payment short of the balance is a partial payment, said so before it is confirmed', async () => {
    const bodies: unknown[] = [];
    renderDetails((init) => {
      bodies.push(JSON.parse(String(init.body)));
      return jsonResponse(201, { ...paid, amount: '10.06', change_due: [] });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount in USD' }), '5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount in LBP' }), '450000');
    // 450,000 LBP = 5.03 USD; with 5.00 USD: 10.03 paid, 4.91 left.
    expect(dialog).toHaveTextContent('The balance due becomes $4.91.');
    expect(within(dialog).queryByTestId('change-due')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record $10.03' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          method: 'cash',
          reference: '',
          note: '',
          amounts: [
            { currency: 'USD', amount: '5.00' },
            { currency: 'LBP', amount: '450000' },
          ],
          paid_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ]),
    );
  });
});
