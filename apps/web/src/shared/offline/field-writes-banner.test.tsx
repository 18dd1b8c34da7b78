import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { first, nth } from '@meterline/contract/invariant';
import { UserMenu } from '../../app/layout/user-menu';
import { jsonResponse, renderWithProviders, stubFetch } from '../lib/test-render';
import { FieldWritesBanner } from './field-writes-banner';
import { submitFieldWrite, type PaymentWrite, type ReadingWrite } from './offline-writes';

const reading: ReadingWrite = {
  kind: 'reading',
  serviceId: 1,
  subscriptionId: 8,
  input: { counter: '2100', taken_at: '2026-11-20T08:15:00.000Z' },
  idempotencyKey: 'reading-key-1',
  label: { customer: 'Fadi Fares', unit: 'kWh', previous: '2000' },
};

const payment: PaymentWrite = {
  kind: 'payment',
  serviceId: 1,
  invoiceId: 42,
  input: { amount: '80.05', method: 'cash', reference: '', note: '', paid_at: '2026-11-20T08:20:00.000Z' },
  idempotencyKey: 'payment-key-1',
  label: { customer: 'Fadi Fares', invoiceNumber: 'INV-2026-0042', currency: 'USD', balanceBefore: '80.05', amount: '80.05' },
};

const READING_URL = '/api/services/1/subscriptions/8/update-counter/';
const PAYMENT_URL = '/api/services/1/invoices/42/create_payment/';

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.[name];
}

describe('field writes without a network', () => {
  it('keeps a reading and a payment on the device while offline, then sends them in order with their keys', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === READING_URL && init.method === 'PUT') return jsonResponse(200, { id: 8, counter: '2100.000' });
      if (url === PAYMENT_URL && init.method === 'PUT') return jsonResponse(201, { id: 5, amount: '80.05' });
      return undefined;
    });
    const { queryClient } = renderWithProviders(<FieldWritesBanner />);
    act(() => onlineManager.setOnline(false));

    await expect(submitFieldWrite(queryClient, reading)).resolves.toEqual({ status: 'queued' });
    await expect(submitFieldWrite(queryClient, payment)).resolves.toEqual({ status: 'queued' });
    const banner = await screen.findByTestId('offline-banner');
    await waitFor(() => expect(banner).toHaveTextContent('Offline · Waiting to send: 2'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);

    // The panel lists them in the order taken; the payment has its receipt, marked pending.
    await userEvent.click(within(banner).getByRole('button', { name: 'Show' }));
    const panel = await screen.findByRole('dialog', { name: 'Waiting / To fix' });
    const items = within(panel).getAllByTestId('waiting-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/Reading \u20662,100 kWh\u2069/);
    expect(items[1]).toHaveTextContent('Cash $80.05 · INV-2026-0042');
    await userEvent.click(within(nth(items, 1)).getByRole('button', { name: 'Receipt' }));
    const receipt = await screen.findByRole('dialog', { name: /Receipt/ });
    expect(within(receipt).getByTestId('receipt-pending')).toHaveTextContent('Pending');
    expect(receipt).toHaveTextContent('Balance still due$0.00');
    await userEvent.click(within(receipt).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));

    act(() => onlineManager.setOnline(true));
    // Sent: the reading is done; the payment stays listed for its final receipt.
    await waitFor(() => expect(banner).toHaveTextContent('Sent, receipts to print: 1'));
    expect(banner).not.toHaveTextContent('Waiting to send');
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts.map(([url]) => String(url))).toEqual([READING_URL, PAYMENT_URL]);
    expect(headerOf(first(puts)[1], 'Idempotency-Key')).toBe('reading-key-1');
    expect(JSON.parse(String(first(puts)[1]?.body))).toEqual({ counter: '2100', taken_at: '2026-11-20T08:15:00.000Z' });
    expect(headerOf(nth(puts, 1)[1], 'Idempotency-Key')).toBe('payment-key-1');
    expect(JSON.parse(String(nth(puts, 1)[1]?.body))).toEqual({
      amount: '80.05',
      method: 'cash',
      reference: '',
      note: '',
      paid_at: '2026-11-20T08:20:00.000Z',
    });
  });

  it('turns a refusal of a waiting write into an item to fix, kept until dismissed', async () => {
    stubFetch((url, init) =>
      url === PAYMENT_URL && init.method === 'PUT'
        ? jsonResponse(409, { detail: 'This invoice is already paid.', code: 'invoice_already_paid' })
        : undefined,
    );
    const { queryClient } = renderWithProviders(<FieldWritesBanner />);
    act(() => onlineManager.setOnline(false));
    await submitFieldWrite(queryClient, payment);

    act(() => onlineManager.setOnline(true));
    const banner = await screen.findByTestId('offline-banner');
    await waitFor(() => expect(banner).toHaveTextContent('To fix: 1'));
    expect(banner).not.toHaveTextContent('Waiting to send');
    await userEvent.click(within(banner).getByRole('button', { name: 'Show' }));
    const panel = await screen.findByRole('dialog', { name: 'Waiting / To fix' });
    const item = within(panel).getByTestId('to-fix-item');
    expect(item).toHaveTextContent('INV-2026-0042');
    expect(item).toHaveTextContent('This invoice is already paid.');

    await userEvent.click(within(item).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(panel).queryByTestId('to-fix-item')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument());
  });

  it("offers the final receipt of a payment that waited, once sent, from the server's payment id", async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === PAYMENT_URL && init.method === 'PUT') return jsonResponse(201, { id: 77, amount: '80.05' });
      if (url.startsWith('/api/services/1/payments/77/receipt/'))
        return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        });
      return undefined;
    });
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    URL.createObjectURL = vi.fn(() => 'blob:receipt-77');
    URL.revokeObjectURL = vi.fn();
    const { queryClient } = renderWithProviders(<FieldWritesBanner />);
    act(() => onlineManager.setOnline(false));
    await submitFieldWrite(queryClient, payment);
    const banner = await screen.findByTestId('offline-banner');
    await userEvent.click(within(banner).getByRole('button', { name: 'Show' }));
    const panel = await screen.findByRole('dialog', { name: 'Waiting / To fix' });
    // While it waits: the pending receipt only, nothing to print.
    expect(within(panel).getByTestId('waiting-item')).toHaveTextContent('INV-2026-0042');
    expect(within(panel).queryByRole('button', { name: 'Print receipt' })).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    const sent = await within(panel).findByTestId('sent-item');
    expect(sent).toHaveTextContent('Cash $80.05 · INV-2026-0042');
    expect(within(panel).queryByTestId('waiting-item')).not.toBeInTheDocument();
    await userEvent.click(within(sent).getByRole('button', { name: 'Print receipt' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:receipt-77'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/receipt/'))).toEqual([
      '/api/services/1/payments/77/receipt/?size=80&lang=en',
    ]);

    // Printed: dismissed, nothing is left on the device.
    await userEvent.click(within(sent).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(panel).queryByTestId('sent-item')).not.toBeInTheDocument());
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
  });

  it('sends at once when the network answers, and a refusal goes back to the form, not to the list', async () => {
    stubFetch((url, init) =>
      url === READING_URL && init.method === 'PUT' ? jsonResponse(400, { counter: ['lower'], code: 'lower_reading' }) : undefined,
    );
    const { queryClient } = renderWithProviders(<FieldWritesBanner />);
    await expect(submitFieldWrite(queryClient, reading)).rejects.toMatchObject({ status: 400 });
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it('a payment sent at once is not listed: the form shows its receipt', async () => {
    stubFetch((url, init) => (url === PAYMENT_URL && init.method === 'PUT' ? jsonResponse(201, { id: 9, amount: '80.05' }) : undefined));
    const { queryClient } = renderWithProviders(<FieldWritesBanner />);
    await expect(submitFieldWrite(queryClient, payment)).resolves.toMatchObject({ status: 'sent', data: { id: 9 } });
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it('asks before signing out while writes wait on the device (Arabic too)', async () => {
    const fetchMock = stubFetch(() => undefined);
    const { queryClient } = renderWithProviders(<UserMenu />, { language: 'ar' });
    act(() => onlineManager.setOnline(false));
    await submitFieldWrite(queryClient, reading);
    await userEvent.click(screen.getByRole('button', { name: 'قائمة الحساب' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'تسجيل الخروج' }));
    const confirm = await screen.findByRole('dialog', { name: 'تسجيل الخروج وهناك عمليات بانتظار الإرسال؟' });
    expect(confirm).toHaveTextContent('على هذا الهاتف عملية واحدة (قراءة أو دفعة)');
    await userEvent.click(within(confirm).getByRole('button', { name: 'إلغاء' }));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('logout'))).toBe(false);
    expect(queryClient.getMutationCache().getAll()).toHaveLength(1);
  });
});
