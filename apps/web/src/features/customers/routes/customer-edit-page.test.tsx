import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch, type FetchHandler } from '../../../shared/lib/test-render';
import { CustomerEditPage } from './customer-edit-page';
import { customer } from '../test-customer';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const emptyPage = { count: 0, count_capped: false, next: null, previous: null, results: [] };

function renderCustomer(role: string, path: string, handler: FetchHandler = () => undefined, language: 'en' | 'ar' = 'en') {
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
    if (url === '/api/services/1/customers/5/' && init.method === 'GET') return jsonResponse(200, customer);
    if (url.startsWith('/api/regions/')) return jsonResponse(200, []);
    return handler(url, init);
  });
  const result = renderWithProviders(<CustomerEditPage />, {
    path,
    routePath: '/customers/:customerId',
    role,
    language,
    routes: [{ path: '/customers', element: <p>Customer list</p> }],
  });
  return { ...result, fetchMock };
}

// Whole pages with the data grid: slow on a machine shared by several engineers.
describe('customer page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows support the customer read-only, with only the tabs their role may list', async () => {
    const { fetchMock } = renderCustomer('support', '/customers/5');
    expect(await screen.findByRole('heading', { name: 'Fadi Fares', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete customer' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Account', 'Details', 'Invoices', 'Messages']);
    // How the customer is written to shows read-only too.
    expect(screen.getByRole('combobox', { name: 'Opt-outs', hidden: true })).toHaveTextContent('None (any channel may be used)');
    expect(screen.getByRole('region', { name: 'Balance' })).toHaveTextContent('$36.52');
    expect(fetchMock.mock.calls.some(([url]) => /stations|bundles|readings|payments/.test(String(url)))).toBe(false);
  });

  it('writes the code in the subtitle as stored, isolated left to right, as the printed documents do', async () => {
    renderCustomer('support', '/customers/5', () => undefined, 'ar');
    await screen.findByRole('heading', { name: 'Fadi Fares', level: 1 });
    // A code keeps its ASCII digits on an Arabic-Indic screen (docs/web.md, "Digits").
    expect(
      screen.getByText((_, element) => element?.tagName === 'DIV' && element.textContent.startsWith('\u2066C-000005\u2069')),
    ).toBeInTheDocument();
  });

  it('lists the meter readings with what each added', async () => {
    renderCustomer('admin', '/customers/5?tab=readings', (url) =>
      url.startsWith('/api/services/1/subscriptions/8/readings/')
        ? jsonResponse(200, {
            ...emptyPage,
            count: 1,
            results: [
              {
                id: 3,
                subscription: 8,
                value: '2059.439',
                previous_value: '1900.000',
                kind: 'reading',
                reason: '',
                taken_at: '2026-10-01T08:00:00Z',
                taken_by: 4,
                taken_by_name: 'Karim Aoun',
              },
            ],
          })
        : url.includes('/stations/') || url.includes('/bundles/')
          ? jsonResponse(200, emptyPage)
          : undefined,
    );
    const grid = await screen.findByRole('grid', { name: 'Meter readings' });
    expect(await within(grid).findByText('159.439 kWh')).toBeInTheDocument();
    expect(within(grid).getByText('Karim Aoun')).toBeInTheDocument();
  });

  it('keeps a voided reading in the history, struck through, with who voided it and why', async () => {
    renderCustomer('admin', '/customers/5?tab=readings', (url) =>
      url.startsWith('/api/services/1/subscriptions/8/readings/')
        ? jsonResponse(200, {
            ...emptyPage,
            count: 1,
            results: [
              {
                id: 4,
                subscription: 8,
                value: '99999999999.999',
                previous_value: '2059.439',
                kind: 'reading',
                reason: '',
                taken_at: '2026-10-02T08:00:00Z',
                taken_by: 4,
                taken_by_name: 'Karim Aoun',
                voided_at: '2026-10-02T09:00:00Z',
                voided_by: 2,
                voided_by_name: 'Rania Khoury',
                void_reason: 'two extra digits',
              },
            ],
          })
        : url.includes('/stations/') || url.includes('/bundles/')
          ? jsonResponse(200, emptyPage)
          : undefined,
    );
    const grid = await screen.findByRole('grid', { name: 'Meter readings' });
    expect(await within(grid).findByText('Voided by Rania Khoury: two extra digits')).toBeInTheDocument();
    expect(within(grid).getByText('Void')).toBeInTheDocument();
    const value = within(grid)
      .getByText(/99,999,999,999.999/)
      .closest('span[class*="MuiTypography"]');
    expect(value).toHaveStyle({ textDecoration: 'line-through' });
  });

  it('explains why a customer with history cannot be deleted', async () => {
    renderCustomer('admin', '/customers/5', (url, init) =>
      init.method === 'DELETE'
        ? jsonResponse(409, { detail: 'This customer has invoices, payments or meter readings and cannot be deleted.', code: 'protected' })
        : url.includes('/stations/') || url.includes('/bundles/')
          ? jsonResponse(200, emptyPage)
          : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete customer' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Fadi Fares (C-000005) will be removed for good.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete customer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Set its status to Disconnected instead.');
  });

  it('asks a bundle change for its start date and the meter reading at the change (issue 29), and sends them', async () => {
    const puts: Record<string, unknown>[] = [];
    renderCustomer('admin', '/customers/5?tab=details', (url, init) => {
      if (url.includes('/bundles/'))
        return jsonResponse(200, {
          ...emptyPage,
          count: 2,
          results: [
            { id: 2, name: '5 A' },
            { id: 3, name: '10 A' },
          ],
        });
      if (url.includes('/stations/')) return jsonResponse(200, emptyPage);
      if (url === '/api/services/1/customers/5/' && init.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return jsonResponse(200, customer);
      }
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    // The same bundle opens nothing: neither field shows.
    expect(screen.queryByLabelText(/Meter reading at the change/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Bundle' }));
    await userEvent.click(await screen.findByRole('option', { name: /^10\sA$/ }));
    expect(
      await screen.findByText('What the meter shows at the change: what was used up to it is billed on the current bundle.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Invoices and the monthly fee count from this day: today, or up to 12 months back.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Meter reading at the change/), '2100');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ bundle: 3, initial_reading: '2100' });
    expect(puts[0]?.started_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the customer’s own language as stored, and sends null for the company’s (issue 31)', async () => {
    const puts: Record<string, unknown>[] = [];
    stubFetch((url, init) => {
      if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
      if (url === '/api/services/1/customers/5/' && init.method === 'GET')
        return jsonResponse(200, { ...customer, language: 'ar', own_language: 'ar' });
      if (url === '/api/services/1/customers/5/' && init.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return jsonResponse(200, { ...customer, language: 'en', own_language: null });
      }
      if (url.startsWith('/api/regions/')) return jsonResponse(200, []);
      if (url.includes('/bundles/') || url.includes('/stations/')) return jsonResponse(200, emptyPage);
      return undefined;
    });
    renderWithProviders(<CustomerEditPage />, { path: '/customers/5?tab=details', routePath: '/customers/:customerId', role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const language = screen.getByRole('combobox', { name: 'Language of messages' });
    expect(language).toHaveTextContent('العربية');
    await userEvent.click(language);
    await userEvent.click(await screen.findByRole('option', { name: 'The company’s language (English)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toHaveProperty('language', null);
    // The saved customer follows the company again: the read view says so.
    expect(await screen.findByRole('combobox', { name: 'Language of messages', hidden: true })).toHaveTextContent(
      'The company’s language (English)',
    );
  });
});
