import type { NotificationMessage } from '@meterline/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { CustomerMessages } from './customer-messages';

const URL_PREFIX = '/api/services/1/customers/12/messages/';

const message = (id: number, overrides: Partial<NotificationMessage> = {}): NotificationMessage => ({
  id,
  customer: 12,
  channel: 'whatsapp',
  kind: 'bill_issued',
  to: '+96170123456',
  language: 'en',
  text: `Dear Adel, your bill ${id} is 45.00 USD.`,
  status: 'delivered',
  provider_message_id: `wamid.${id}`,
  error: null,
  attempts: 1,
  created_at: '2026-12-01T08:30:00Z',
  sent_at: '2026-12-01T08:30:05Z',
  delivered_at: '2026-12-01T08:31:00Z',
  invoice: 40 + id,
  ...overrides,
});

const page = (results: NotificationMessage[], count: number, next: string | null) => ({
  count,
  count_capped: false,
  next,
  previous: null,
  results,
});

function renderHistory(answer: (page: number) => Response, language: 'en' | 'ar' = 'en') {
  const pages: number[] = [];
  stubFetch((url) => {
    if (!url.startsWith(URL_PREFIX)) return undefined;
    const pageNumber = Number(new URL(url, 'http://test').searchParams.get('page') ?? 1);
    pages.push(pageNumber);
    return answer(pageNumber);
  });
  renderWithProviders(<CustomerMessages serviceId={1} customerId={12} />, { language, tenant: { timezone: 'Asia/Beirut' } });
  return pages;
}

describe('a customer’s messages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the messages newest first with channel, kind, status and time; the text on demand; why one failed', async () => {
    renderHistory(() =>
      jsonResponse(
        200,
        page(
          [
            message(2, {
              channel: 'sms',
              kind: 'reminder',
              status: 'failed',
              error: 'Gateway refused: number unreachable',
              attempts: 3,
              delivered_at: null,
            }),
            message(1),
          ],
          2,
          null,
        ),
      ),
    );
    const list = await screen.findByRole('region', { name: 'Messages sent' });
    const [failed, delivered] = await within(list).findAllByRole('listitem');
    expect(failed).toHaveAttribute('data-status', 'failed');
    expect(within(failed!).getByText('Reminder')).toBeInTheDocument();
    expect(within(failed!).getByTitle('SMS')).toBeInTheDocument();
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(within(failed!).getByText('Error: Gateway refused: number unreachable')).toBeInTheDocument();
    expect(failed).toHaveTextContent('3 attempts');
    expect(within(delivered!).getByText('New bill')).toBeInTheDocument();
    expect(within(delivered!).getByTitle('WhatsApp')).toBeInTheDocument();
    expect(within(delivered!).getByText('Delivered')).toBeInTheDocument();
    // 08:30 UTC is 10:30 in Beirut: the tenant's clock.
    expect(within(delivered!).getByText(/10:30/, { selector: 'time' })).toBeInTheDocument();
    expect(within(delivered!).queryByText('Dear Adel, your bill 1 is 45.00 USD.')).not.toBeInTheDocument();
    await userEvent.click(within(delivered!).getByRole('button', { name: 'Show the text' }));
    expect(await within(delivered!).findByText('Dear Adel, your bill 1 is 45.00 USD.')).toBeInTheDocument();
    expect(within(delivered!).getByRole('button', { name: 'Hide the text' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says when nothing was sent yet', async () => {
    renderHistory(() => jsonResponse(200, page([], 0, null)));
    expect(await screen.findByText('No message has been sent to this customer yet.')).toBeInTheDocument();
  });

  it('shows a failed load with Retry, which asks again', async () => {
    let calls = 0;
    renderHistory(() => {
      calls += 1;
      // A 5xx is tried once more by the query client before it fails.
      return calls <= 2 ? jsonResponse(500, { detail: 'Server error.' }) : jsonResponse(200, page([message(1)], 1, null));
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 30_000 });
    expect(alert).toHaveTextContent('The messages could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('New bill')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads older messages a page at a time', async () => {
    const pages = renderHistory((pageNumber) =>
      pageNumber === 1
        ? jsonResponse(200, page([message(3), message(2)], 3, `http://test${URL_PREFIX}?page=2`))
        : jsonResponse(200, page([message(1, { kind: 'receipt' })], 3, null)),
    );
    const more = await screen.findByRole('button', { name: 'Show older messages' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(more);
    expect(await screen.findByText('Receipt')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older messages' })).not.toBeInTheDocument());
    expect(pages).toEqual([1, 2]);
  });

  it('speaks Arabic', async () => {
    renderHistory(() => jsonResponse(200, page([message(1, { status: 'queued', language: 'ar', text: 'عزيزنا عادل' })], 1, null)), 'ar');
    expect(await screen.findByText('فاتورة جديدة')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'الرسائل المرسلة' })).toBeInTheDocument();
    expect(screen.getByText('بالانتظار')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'عرض النص' }));
    expect(await screen.findByText('عزيزنا عادل')).toHaveAttribute('dir', 'rtl');
  });
});
