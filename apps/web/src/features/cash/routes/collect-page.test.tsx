import type { Customer } from '@meterline/contract/customers';
import type { Invoice } from '@meterline/contract/invoices';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { CollectPage } from './collect-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const fadi = {
  id: 5,
  code: 'C-000005',
  full_name: 'Fadi Fares',
  phone: '',
  building_name: 'Rizk Tower',
  floor: '3',
  apartment: '5C',
} as unknown as Customer;
const invoice = (extra: Partial<Invoice> = {}) =>
  ({
    id: 42,
    number: 'INV-2026-0042',
    status: 'unpaid',
    issued_on: '2026-11-01',
    currency: 'USD',
    total: '80.05',
    balance_due: '80.05',
    customer: 5,
    customer_name: 'Fadi Fares',
    ...extra,
  }) as unknown as Invoice;
const page = <T,>(results: T[]) => ({ count: results.length, count_capped: false, next: null, previous: null, results });
const PAYMENT_URL = '/api/services/1/invoices/42/create_payment/';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('collect at the door without a network', { timeout: 30_000 }, () => {
  it('keeps the cash on the phone with a pending receipt, not owed twice, and prints the final receipt once sent', async () => {
    let isPaid = false;
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url === '/api/services/1/customers/5/') return jsonResponse(200, fadi);
      if (url.startsWith('/api/services/1/invoices/?'))
        return jsonResponse(200, page([isPaid ? invoice({ status: 'paid', balance_due: '0.00' }) : invoice()]));
      if (url === PAYMENT_URL && init.method === 'PUT') {
        isPaid = true;
        return jsonResponse(201, { id: 77, invoice: 42, invoice_number: 'INV-2026-0042', amount: '80.05' });
      }
      if (url.startsWith('/api/services/1/payments/77/receipt/'))
        return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        });
      return undefined;
    });
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    URL.createObjectURL = vi.fn(() => 'blob:receipt-77');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<CollectPage />, { path: '/collect/5', routePath: '/collect/:customerId', role: 'collector' });
    const takeAll = await screen.findByRole('button', { name: 'Take all: $80.05' });

    // No network: the cash is kept on this phone, its receipt on screen, marked pending.
    act(() => onlineManager.setOnline(false));
    await userEvent.click(takeAll);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Take cash' })).getByRole('button', { name: 'Received $80.05' }),
    );
    const receipt = await screen.findByRole('dialog', { name: /Receipt/ });
    expect(within(receipt).getByTestId('receipt-pending')).toHaveTextContent('Pending');
    expect(receipt).toHaveTextContent('INV-2026-0042');
    expect(receipt).toHaveTextContent('Amount received$80.05');
    await userEvent.click(within(receipt).getByRole('button', { name: 'Close' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    // The cash waiting here is off what the door owes: nothing to take a second time.
    expect(await screen.findByText('Nothing is due.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Take all/ })).not.toBeInTheDocument();
    const pending = screen.getByTestId('collect-pending-receipt');
    expect(pending).toHaveTextContent('Pending');
    expect(within(pending).queryByRole('button', { name: 'Print receipt' })).not.toBeInTheDocument();

    // The network is back: sent once, with its key and the moment the cash was taken; the final receipt prints.
    act(() => onlineManager.setOnline(true));
    const print = await within(pending).findByRole('button', { name: 'Print receipt' });
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    const body = JSON.parse(String(first(puts)[1]?.body)) as { paid_at: string; [field: string]: string };
    expect(body).toMatchObject({ amount: '80.05', method: 'cash' });
    expect(Number.isNaN(Date.parse(body.paid_at))).toBe(false);
    expect((first(puts)[1]?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/-42$/);
    expect(pending).not.toHaveTextContent('Pending');
    await userEvent.click(print);
    await waitFor(() => expect(tab.location.href).toBe('blob:receipt-77'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/services/1/payments/77/receipt/'))).toBe(true);
  });

  it('takes dollars and lira in the shared tender, shows the change, and queues the payment with its amounts', async () => {
    const twoCurrencies = invoice({ second_currency: 'LBP', exchange_rate: '89500.000000', exchange_rate_base: 'USD' });
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url === '/api/services/1/customers/5/') return jsonResponse(200, fadi);
      if (url.startsWith('/api/services/1/invoices/?')) return jsonResponse(200, page([twoCurrencies]));
      if (url === PAYMENT_URL && init.method === 'PUT')
        return jsonResponse(201, { id: 78, invoice: 42, invoice_number: 'INV-2026-0042', amount: '80.05' });
      return undefined;
    });
    renderWithProviders(<CollectPage />, {
      path: '/collect/5',
      routePath: '/collect/:customerId',
      role: 'collector',
      tenant: { second_currency: 'LBP', cash_rounding: { USD: '0.05', LBP: '1000' } },
    });
    await userEvent.type(await screen.findByLabelText('Amount in USD'), '50');
    // 2,700,000 LBP = 30.17 USD: 80.17 for 80.05, 0.12 back -> 0.10 USD or 10,740 -> 11,000 LBP.
    await userEvent.type(screen.getByLabelText('Amount in LBP'), '2700000');
    expect(screen.getByTestId('change-due')).toHaveTextContent('Change due: $0.10 or LBP 11,000');
    act(() => onlineManager.setOnline(false));
    await userEvent.click(screen.getByRole('button', { name: 'Take this amount' }));
    const confirm = await screen.findByRole('dialog', { name: 'Take cash' });
    expect(within(confirm).getByTestId('collect-change-due')).toHaveTextContent('Change due: $0.10 or LBP 11,000');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Received $80.05' }));
    const receipt = await screen.findByRole('dialog', { name: /Receipt/ });
    expect(receipt).toHaveTextContent('Handed over$50.00 + LBP 2,700,000');
    await userEvent.click(within(receipt).getByRole('button', { name: 'Close' }));
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1));
    const put = first(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT'));
    expect(JSON.parse(String(put[1]?.body))).toMatchObject({
      amounts: [
        { currency: 'USD', amount: '50.00' },
        { currency: 'LBP', amount: '2700000' },
      ],
      method: 'cash',
    });
  });
});
