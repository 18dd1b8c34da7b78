import type { Reading } from '@meterline/contract/subscriptions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { CustomerReadingsTable } from './customer-readings-table';

const base: Omit<Reading, 'id' | 'value' | 'taken_at' | 'taken_by'> = {
  subscription: 8,
  previous_value: '100.000',
  kind: 'reading',
  reason: '',
  taken_by_name: 'Someone',
  voided_at: null,
  voided_by: null,
  voided_by_name: null,
  void_reason: null,
  photo_url: null,
};
const now = new Date();
const yesterday = new Date(now.getTime() - 36 * 3600_000);
const rows: Reading[] = [
  { ...base, id: 3, value: '99999999999.999', taken_at: now.toISOString(), taken_by: 1 },
  { ...base, id: 2, value: '100.000', previous_value: '90.000', taken_at: yesterday.toISOString(), taken_by: 1 },
  { ...base, id: 1, value: '90.000', previous_value: null, kind: 'reset', taken_at: yesterday.toISOString(), taken_by: 2 },
];
const page = { count: rows.length, count_capped: false, next: null, previous: null, results: rows };

afterEach(() => vi.unstubAllGlobals());

function render(role: string, voidAnswer: () => Response = () => jsonResponse(200, { ...rows[0], voided_at: now.toISOString() })) {
  const fetchMock = stubFetch((url, init) => {
    if (url.includes('/void/') && init.method === 'POST') return voidAnswer();
    if (url.startsWith('/api/services/1/subscriptions/8/readings/')) return jsonResponse(200, page);
    return undefined;
  });
  renderWithProviders(<CustomerReadingsTable serviceId={1} subscriptionId={8} unit="kWh" />, { role });
  return fetchMock;
}

describe('voiding a reading from the history', () => {
  it('asks the reason, calls the void endpoint, and shows a refusal naming the invoice', async () => {
    const user = userEvent.setup();
    const fetchMock = render('admin', () =>
      jsonResponse(409, { detail: 'billed', code: 'reading_billed', params: { invoice: 7, number: 'INV-2026-000007' } }),
    );
    const buttons = await screen.findAllByRole('button', { name: /^Void the reading/ });
    // Live readings only: not the reset.
    expect(buttons).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Void the reading 99999999999.999' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this reading?' });
    const confirm = within(dialog).getByRole('button', { name: 'Void reading' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Why is it wrong/ }), 'Typo: 123.45');
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This reading was billed by invoice INV-2026-000007: cancel that invoice first.',
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/void/'))!;
    expect(String(call[0])).toBe('/api/services/1/subscriptions/8/readings/3/void/');
    expect(JSON.parse(String(call[1]?.body))).toEqual({ reason: 'Typo: 123.45' });
  });

  it('closes once voided', async () => {
    const user = userEvent.setup();
    render('accountant');
    await user.click(await screen.findByRole('button', { name: 'Void the reading 99999999999.999' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Typo');
    await user.click(within(dialog).getByRole('button', { name: 'Void reading' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers a collector only their own reading of today, and support nothing', async () => {
    render('collector');
    expect(await screen.findByRole('button', { name: 'Void the reading 99999999999.999' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void the reading 100.000' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('shows no void action to support', async () => {
    render('support');
    expect(await screen.findAllByText('Someone')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Void the reading/ })).not.toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    stubFetch((url) => (url.startsWith('/api/services/1/subscriptions/8/readings/') ? jsonResponse(200, page) : undefined));
    renderWithProviders(<CustomerReadingsTable serviceId={1} subscriptionId={8} unit="kWh" />, { role: 'admin', language: 'ar' });
    expect(await screen.findAllByRole('button', { name: /^إلغاء القراءة/ })).toHaveLength(2);
  });
});
