import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { OverdueListPage } from './overdue-list-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const row = {
  customer: 12,
  customer_code: 'C-000012',
  customer_name: 'Rania Khoury',
  phone: '+96170123456',
  station: null,
  region: null,
  days_overdue: 46,
  oldest_due_on: '2026-08-16',
  overdue_invoices: 2,
  overdue_amount: '45.00',
  last_payment_at: null,
  last_reminder_at: null,
};

// A whole page with the data grid: slow on a machine shared by several engineers.
describe('overdue list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows whom to chase, opens the customer, and asks the API for the disconnection list', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/services/1/overdue/'))
        return jsonResponse(200, { count: 1, count_capped: false, next: null, previous: null, results: [row] });
      return undefined;
    });
    const { router } = renderWithProviders(<OverdueListPage />, {
      path: '/overdue',
      routePath: '/overdue',
      role: 'accountant',
      routes: [{ path: '/customers/:customerId', element: <p>Customer page</p> }],
    });
    const grid = await screen.findByRole('grid', { name: 'Overdue' });
    const dataRow = await within(grid).findByRole('row', { name: /Rania Khoury/ });
    expect(dataRow).toHaveTextContent('46');
    expect(dataRow).toHaveTextContent('$45.00');
    expect(dataRow).toHaveTextContent('Never');

    await userEvent.click(screen.getByRole('combobox', { name: 'Overdue for' }));
    await userEvent.click(await screen.findByRole('option', { name: 'At least 60 days' }));
    await vi.waitFor(() => expect(router.state.location.search).toContain('min_days=60'));
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('min_days=60'))).toBe(true));

    await userEvent.click(within(grid).getByText('Rania Khoury'));
    expect(await screen.findByText('Customer page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customers/12');
  });

  it('asks for the totals and shows what every customer kept owes under the rows, in the user’s digits', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/services/1/overdue/'))
        return jsonResponse(200, {
          count: 40,
          count_capped: false,
          next: '/api/services/1/overdue/?page=2',
          previous: null,
          results: [row],
          totals: { overdue_amount: '1234.50', overdue_invoices: 57 },
        });
      return undefined;
    });
    renderWithProviders(<OverdueListPage />, { path: '/overdue?min_days=30', routePath: '/overdue', role: 'support', language: 'ar' });
    const totals = await screen.findByRole('status', { name: 'مجاميع الصفوف المصفّاة' });
    expect(totals).toHaveTextContent('المتأخر');
    expect(totals).toHaveTextContent('١٬٢٣٤٫٥٠');
    expect(totals).toHaveTextContent('الفواتير ٥٧');
    const calls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/overdue/'));
    expect(calls.every((url) => url.includes('totals=true') && url.includes('min_days=30'))).toBe(true);
  });

  it(
    'sends a reminder to the ticked customers after a confirmation saying how many, and lists who was skipped',
    { timeout: 45_000 },
    async () => {
      const omar = {
        ...row,
        customer: 13,
        customer_code: 'C-000013',
        customer_name: 'Omar Saleh',
        phone: '',
        last_reminder_at: '2026-10-01T09:00:00Z',
      };
      const fetchMock = stubFetch((url, init) => {
        if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
        if (url === '/api/services/1/overdue/remind/' && init.method === 'POST')
          return jsonResponse(200, {
            channel: 'outbox',
            sent: 1,
            skipped: 1,
            results: [
              {
                customer: 12,
                status: 'sent',
                reason: null,
                reminder: 1,
                sent_at: '2026-10-02T09:00:00Z',
                language: 'en',
                message: 'Dear Rania',
              },
              { customer: 13, status: 'skipped', reason: 'no_phone', reminder: null, sent_at: null, language: null, message: null },
            ],
          });
        if (url.startsWith('/api/services/1/overdue/'))
          return jsonResponse(200, { count: 2, count_capped: false, next: null, previous: null, results: [row, omar] });
        return undefined;
      });
      renderWithProviders(<OverdueListPage />, { path: '/overdue', routePath: '/overdue', role: 'accountant' });
      const grid = await screen.findByRole('grid', { name: 'Overdue' });
      expect(await within(grid).findByRole('columnheader', { name: 'Last reminder' })).toBeInTheDocument();
      const send = screen.getByRole('button', { name: 'Send reminder' });
      expect(send).toBeDisabled();
      await userEvent.click(within(await within(grid).findByRole('row', { name: /Rania Khoury/ })).getByRole('checkbox'));
      await userEvent.click(within(within(grid).getByRole('row', { name: /Omar Saleh/ })).getByRole('checkbox'));
      await userEvent.click(screen.getByRole('button', { name: 'Send reminder (2)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send reminders?' });
      expect(dialog).toHaveTextContent('Customers to remind: 2.');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
      await vi.waitFor(() =>
        expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/services/1/overdue/remind/' && init?.method === 'POST')).toBe(true),
      );
      const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/services/1/overdue/remind/')!;
      expect(JSON.parse(String(init!.body))).toEqual({ customers: [12, 13] });
      expect(await screen.findByText('Reminders sent: 1. Skipped: 1.')).toBeInTheDocument();
      expect(await screen.findByRole('alert')).toHaveTextContent('Omar Saleh: no phone number');
      // The selection is cleared once sent.
      expect(screen.getByRole('button', { name: 'Send reminder' })).toBeDisabled();
    },
  );

  it(
    'sends a disconnection notice to the ticked customers once confirmed, and says how many were written to and skipped (issue 31)',
    { timeout: 45_000 },
    async () => {
      const omar = { ...row, customer: 13, customer_code: 'C-000013', customer_name: 'Omar Saleh' };
      const posts: unknown[] = [];
      stubFetch((url, init) => {
        if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
        if (url === '/api/services/1/overdue/disconnection-notices/' && init.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return jsonResponse(200, { queued: 1, skipped: 1 });
        }
        if (url.startsWith('/api/services/1/overdue/'))
          return jsonResponse(200, { count: 2, count_capped: false, next: null, previous: null, results: [row, omar] });
        return undefined;
      });
      renderWithProviders(<OverdueListPage />, { path: '/overdue', routePath: '/overdue', role: 'accountant' });
      const grid = await screen.findByRole('grid', { name: 'Overdue' });
      expect(screen.getByRole('button', { name: 'Send disconnection notice' })).toBeDisabled();
      await userEvent.click(within(await within(grid).findByRole('row', { name: /Rania Khoury/ })).getByRole('checkbox'));
      await userEvent.click(within(within(grid).getByRole('row', { name: /Omar Saleh/ })).getByRole('checkbox'));

      // Cancelled: nothing is sent, the ticks stay.
      await userEvent.click(screen.getByRole('button', { name: 'Send disconnection notice (2)' }));
      let dialog = await screen.findByRole('dialog', { name: 'Send disconnection notices?' });
      expect(dialog).toHaveTextContent('Customers selected: 2.');
      expect(dialog).toHaveTextContent('once per overdue episode, on their first usable channel');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(posts).toEqual([]);

      await userEvent.click(screen.getByRole('button', { name: 'Send disconnection notice (2)' }));
      dialog = await screen.findByRole('dialog', { name: 'Send disconnection notices?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send notices' }));
      expect(await screen.findByText('Disconnection notices sent: 1. Skipped: 1.')).toBeInTheDocument();
      expect(posts).toEqual([{ customers: [12, 13] }]);
      // The selection is cleared once sent.
      await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Send disconnection notice' })).toBeDisabled();
    },
  );

  it('offers the disconnection notice only to roles that send reminders, and says it in Arabic', { timeout: 45_000 }, async () => {
    stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/services/1/overdue/'))
        return jsonResponse(200, { count: 1, count_capped: false, next: null, previous: null, results: [row] });
      return undefined;
    });
    const support = renderWithProviders(<OverdueListPage />, { path: '/overdue', routePath: '/overdue', role: 'support' });
    expect(
      await within(await screen.findByRole('grid', { name: 'Overdue' })).findByRole('row', { name: /Rania Khoury/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnection list' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send disconnection notice/ })).not.toBeInTheDocument();
    support.unmount();

    renderWithProviders(<OverdueListPage />, { path: '/overdue', routePath: '/overdue', role: 'accountant', language: 'ar' });
    expect(await screen.findByRole('button', { name: 'إرسال إنذار فصل' })).toBeDisabled();
  });

  it('gives each row its actions: send that customer a reminder, pay their account, open them', async () => {
    const openInvoice = {
      id: 31,
      number: 'INV-2026-000031',
      customer: 12,
      status: 'unpaid',
      issued_on: '2026-08-01',
      due_on: '2026-08-16',
      balance_due: '45.00',
    };
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url === '/api/services/1/overdue/remind/' && init.method === 'POST')
        return jsonResponse(200, {
          channel: 'outbox',
          sent: 1,
          skipped: 0,
          results: [
            { customer: 12, status: 'sent', reason: null, reminder: 1, sent_at: '2026-10-02T09:00:00Z', language: 'en', message: 'Dear' },
          ],
        });
      if (url.startsWith('/api/services/1/invoices/?'))
        return jsonResponse(200, { count: 1, count_capped: false, next: null, previous: null, results: [openInvoice] });
      if (url.startsWith('/api/services/1/overdue/'))
        return jsonResponse(200, { count: 1, count_capped: false, next: null, previous: null, results: [row] });
      return undefined;
    });
    const { router } = renderWithProviders(<OverdueListPage />, {
      path: '/overdue',
      routePath: '/overdue',
      role: 'accountant',
      routes: [{ path: '/customers/:customerId', element: <p>Customer page</p> }],
    });
    const grid = await screen.findByRole('grid', { name: 'Overdue' });
    const dataRow = await within(grid).findByRole('row', { name: /Rania Khoury/ });
    const menuButton = within(dataRow).getByRole('button', { name: 'Actions for Rania Khoury' });

    // A reminder to this one customer, after the same confirmation as the ticked ones.
    await userEvent.click(menuButton);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Send a reminder' }));
    const remind = await screen.findByRole('dialog', { name: 'Send reminders?' });
    expect(remind).toHaveTextContent('Customers to remind: 1.');
    await userEvent.click(within(remind).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Reminders sent: 1. Skipped: 0.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/services/1/overdue/remind/')!;
    expect(JSON.parse(String(init!.body))).toEqual({ customers: [12] });
    // The row's menu did not open the customer.
    expect(router.state.location.pathname).toBe('/overdue');

    // The customer page's payment on the account, for this customer.
    await userEvent.click(menuButton);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pay the account' }));
    const pay = await screen.findByRole('dialog', { name: 'Payment on the account' });
    await vi.waitFor(() => expect(pay).toHaveTextContent(/Owed on open invoices: \$45\.00/));
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/services/1/invoices/?') && String(url).includes('customer=12')),
    ).toBe(true);
    // The app's dialog transition (docs/web.md, "Dialogs"): in over 600 ms, and kept while it fades out over 400 ms.
    const fading = pay.closest<HTMLElement>('.MuiDialog-container')!;
    expect(fading.style.transition).toContain('opacity 600ms');
    await userEvent.click(within(pay).getByRole('button', { name: 'Cancel' }));
    expect(document.body.contains(fading)).toBe(true);
    expect(fading.style.transition).toContain('opacity 400ms');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment on the account' })).not.toBeInTheDocument());

    await userEvent.click(menuButton);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Open the customer' }));
    expect(await screen.findByText('Customer page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customers/12');
  });

  it('offers a support user only to open the customer from a row', async () => {
    stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/services/1/overdue/'))
        return jsonResponse(200, { count: 1, count_capped: false, next: null, previous: null, results: [row] });
      return undefined;
    });
    renderWithProviders(<OverdueListPage />, { path: '/overdue', routePath: '/overdue', role: 'support' });
    const grid = await screen.findByRole('grid', { name: 'Overdue' });
    const dataRow = await within(grid).findByRole('row', { name: /Rania Khoury/ });
    await userEvent.click(within(dataRow).getByRole('button', { name: 'Actions for Rania Khoury' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Open the customer']);
  });

  it('offers no reminders to a collector, who can still print the disconnection list', async () => {
    stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/services/1/overdue/'))
        return jsonResponse(200, { count: 1, count_capped: false, next: null, previous: null, results: [row] });
      return undefined;
    });
    renderWithProviders(<OverdueListPage />, { path: '/overdue', routePath: '/overdue', role: 'collector' });
    const grid = await screen.findByRole('grid', { name: 'Overdue' });
    expect(within(await within(grid).findByRole('row', { name: /Rania Khoury/ })).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send reminder/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnection list' })).toBeEnabled();
  });

  it('prints the disconnection list in the chosen language and days, in a new tab', async () => {
    const tab = { closed: false, opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    URL.createObjectURL = vi.fn(() => 'blob:list');
    URL.revokeObjectURL = vi.fn();
    const fetchMock = stubFetch((url) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url.startsWith('/api/services/1/overdue/disconnection-list/'))
        return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
      if (url.startsWith('/api/services/1/overdue/'))
        return jsonResponse(200, { count: 1, count_capped: false, next: null, previous: null, results: [row] });
      return undefined;
    });
    renderWithProviders(<OverdueListPage />, { path: '/overdue', routePath: '/overdue', role: 'accountant', language: 'ar' });
    await userEvent.click(await screen.findByRole('button', { name: 'قائمة الفصل' }));
    const dialog = await screen.findByRole('dialog', { name: 'طباعة قائمة الفصل' });
    const days = within(dialog).getByRole('textbox', { name: 'متأخر على الأقل (أيام)' });
    await userEvent.type(days, '٩٠');
    // Shown in the reader's digits, sent in ASCII (docs/web.md, "Digits").
    expect(days).toHaveValue('٩٠');
    await userEvent.click(within(dialog).getByRole('button', { name: 'طباعة' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('blob:list'));
    const printed = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('disconnection-list'))!;
    expect(printed).toContain('lang=ar');
    expect(printed).toContain('min_days=90');
  });
});
