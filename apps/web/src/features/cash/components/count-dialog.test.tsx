import type { CashPayment, CashRow } from '@meterline/contract/cash';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { CountDialog } from './count-dialog';

const SERVICES = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];

const row: CashRow = {
  collector: 3,
  collector_name: 'Karim Haddad',
  collected: '48.00',
  handed_over: '0.00',
  held: '48.00',
  held_cash: [
    { currency: 'USD', amount: '38.00' },
    { currency: 'LBP', amount: '2063000' },
  ],
  oldest_held_at: '2026-10-05T09:00:00Z',
  shortage_today: '0.00',
  shortage_today_cash: [
    { currency: 'USD', amount: '0.00' },
    { currency: 'LBP', amount: '0' },
  ],
};

const payment = (id: number, cash: CashPayment['cash']) =>
  ({
    id,
    invoice: id,
    invoice_number: `INV-2026-00000${id}`,
    customer: 5,
    customer_name: 'Fadi Fares',
    amount: '24.00',
    paid_at: '2026-10-05T09:00:00Z',
    held_by: 3,
    handover: null,
    receipt_number: id,
    cash,
  }) as unknown as CashPayment;

const HELD = [
  payment(1, [
    { currency: 'USD', amount: '20.00' },
    { currency: 'LBP', amount: '900000' },
  ]),
  payment(2, [
    { currency: 'USD', amount: '18.00' },
    { currency: 'LBP', amount: '1163000' },
  ]),
];

function renderCount(language: 'en' | 'ar', onPost: (body: unknown) => void) {
  stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, SERVICES);
    if (url.startsWith('/api/services/1/cash/?')) return jsonResponse(200, HELD);
    if (url === '/api/services/1/cash/handovers/' && init.method === 'POST') {
      onPost(JSON.parse(String(init.body)));
      return jsonResponse(201, {
        id: 9,
        kind: 'shortage',
        counted: [
          { currency: 'USD', amount: '37.00' },
          { currency: 'LBP', amount: '2064000' },
        ],
        differences: [
          { currency: 'USD', amount: '-1.00', kind: 'shortage', transaction: 1 },
          { currency: 'LBP', amount: '1000', kind: 'surplus', transaction: 2 },
        ],
      });
    }
    return undefined;
  });
  const onClose = vi.fn();
  renderWithProviders(<CountDialog serviceId={1} row={row} onClose={onClose} />, { role: 'accountant', language });
  return onClose;
}

afterEach(() => vi.unstubAllGlobals());

describe('the count per currency', { timeout: 30_000 }, () => {
  it('has one field per currency, shows a shortage in dollars and a surplus in lira as typed, and sends both', async () => {
    let sent: unknown;
    const onClose = renderCount('en', (body) => (sent = body));
    const dialog = await screen.findByRole('dialog', { name: /Count the cash of Karim Haddad/ });
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2));
    const [dollars, lira] = within(dialog).getAllByTestId('count-currency');
    expect(dollars).toHaveTextContent(/Expected \(USD\):\s*\$38\.00/);
    expect(lira).toHaveTextContent(/Expected \(LBP\):\s*LBP\s*2,063,000/);
    await userEvent.type(within(dialog).getByLabelText(/Counted \(USD\)/), '37');
    await userEvent.type(within(dialog).getByLabelText(/Counted \(LBP\)/), '2064000');
    expect(within(dollars!).getByTestId('count-difference')).toHaveTextContent(/Shortage \(USD\):\s*\$1\.00/);
    expect(within(lira!).getByTestId('count-difference')).toHaveTextContent(/Surplus \(LBP\):\s*LBP\s*1,000/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the count' }));
    expect(await within(dialog).findByText('Give the reason for the difference.')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await userEvent.type(within(dialog).getByLabelText('Reason for a difference'), 'One dollar paid in lira');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the count' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual({
      collector: 3,
      payments: [1, 2],
      counted: [
        { currency: 'USD', amount: '37' },
        { currency: 'LBP', amount: '2064000' },
      ],
      reason: 'One dollar paid in lira',
    });
    expect(await screen.findByText(/Short by \$1\.00\. LBP\s*1,000 over\./)).toBeInTheDocument();
  });

  it('reads in Arabic: Arabic-Indic digits typed, shortage and surplus named per currency', async () => {
    let sent: { counted?: unknown } | undefined;
    renderCount('ar', (body) => (sent = body as { counted?: unknown }));
    const dialog = await screen.findByRole('dialog', { name: /عدّ نقد Karim Haddad/ });
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2));
    await userEvent.type(within(dialog).getByLabelText(/المعدود \(USD\)/), '٣٧');
    await userEvent.type(within(dialog).getByLabelText(/المعدود \(LBP\)/), '٢٠٦٤٠٠٠');
    const [dollars, lira] = within(dialog).getAllByTestId('count-difference');
    expect(dollars).toHaveTextContent(/عجز \(USD\)/);
    expect(lira).toHaveTextContent(/فائض \(LBP\)/);
    await userEvent.type(within(dialog).getByLabelText('سبب الفرق'), 'دولار دُفع بالليرة');
    await userEvent.click(within(dialog).getByRole('button', { name: 'تسجيل العدّ' }));
    await waitFor(() =>
      expect(sent?.counted).toEqual([
        { currency: 'USD', amount: '37' },
        { currency: 'LBP', amount: '2064000' },
      ]),
    );
  });
});
