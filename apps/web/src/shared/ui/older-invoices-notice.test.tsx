import type { Invoice } from '@meterline/contract/invoices';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../lib/test-render';
import { OlderInvoicesAlert, olderUnpaidInvoices } from './older-invoices-notice';

const invoice = (id: number, extra: Partial<Invoice> = {}) =>
  ({
    id,
    number: `INV-2026-000${id}`,
    customer: 3,
    status: 'unpaid',
    issued_on: '2026-10-01',
    currency: 'USD',
    balance_due: '30.00',
    ...extra,
  }) as Invoice;

describe('older unpaid invoices', () => {
  const subject = { id: 435, customer: 3, issued_on: '2026-11-01' };

  it('are the customer’s earlier invoices with a balance, oldest first', () => {
    const older = olderUnpaidInvoices(subject, [
      invoice(435, { issued_on: '2026-11-01' }),
      invoice(400, { issued_on: '2026-10-15', status: 'partially_paid', balance_due: '5.00' }),
      invoice(366, { issued_on: '2026-10-01' }),
      invoice(430, { issued_on: '2026-11-01' }),
      invoice(436, { issued_on: '2026-11-01' }),
      invoice(440, { issued_on: '2026-12-01' }),
      invoice(300, { status: 'paid', balance_due: '0.00' }),
      invoice(301, { status: 'cancelled' }),
      invoice(302, { customer: 4 }),
    ]);
    expect(older.map((row) => row.number)).toEqual(['INV-2026-000366', 'INV-2026-000400', 'INV-2026-000430']);
  });

  it('say so and offer the account payment, in English', async () => {
    const onPayAccount = vi.fn();
    renderWithProviders(<OlderInvoicesAlert older={[invoice(366)]} onPayAccount={onPayAccount} />);
    // The number is isolated left to right (U+2066 … U+2069).
    expect(screen.getByTestId('older-invoices-notice')).toHaveTextContent(
      'Older invoices of this customer are unpaid: \u2066INV-2026-000366\u2069. Paying the account pays the oldest first.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Pay the account instead' }));
    expect(onPayAccount).toHaveBeenCalledTimes(1);
  });

  it('say so in Arabic, without the action for a role that cannot pay the account', () => {
    renderWithProviders(<OlderInvoicesAlert older={[invoice(366), invoice(400)]} />, { language: 'ar' });
    expect(screen.getByTestId('older-invoices-notice')).toHaveTextContent(
      'فواتير أقدم لهذا المشترك غير مدفوعة: \u2066INV-2026-000366\u2069، \u2066INV-2026-000400\u2069.',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('draw nothing when there are none', () => {
    renderWithProviders(<OlderInvoicesAlert older={[]} onPayAccount={vi.fn()} />);
    expect(screen.queryByTestId('older-invoices-notice')).not.toBeInTheDocument();
  });
});
