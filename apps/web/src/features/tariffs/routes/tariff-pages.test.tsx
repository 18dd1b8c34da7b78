import type { Tariff } from '@meterline/contract/tariffs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { TariffCreatePage } from './tariff-create-page';
import { TariffEditPage } from './tariff-edit-page';

const ELECTRICITY = [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }];
const BUNDLES = {
  count: 2,
  count_capped: false,
  next: null,
  previous: null,
  results: [
    {
      id: 4,
      service: 1,
      name: '5 A',
      description: '',
      amperage: '5.00',
      price: '10.00',
      unit_price: '0.250000',
      is_active: true,
      subscriptions_count: 3,
      created_at: '2026-01-01T00:00:00Z',
    },
    {
      id: 5,
      service: 1,
      name: '10 A',
      description: '',
      amperage: '10.00',
      price: '18.00',
      unit_price: '0.250000',
      is_active: true,
      subscriptions_count: 2,
      created_at: '2026-01-01T00:00:00Z',
    },
  ],
};
const tariff: Tariff = {
  id: 9,
  service: 1,
  name: 'October',
  effective_from: '2026-10',
  effective_to: null,
  unit_price: '0.000000',
  tiers: [
    { up_to: '100.000', unit_price: '0.300000' },
    { up_to: null, unit_price: '0.450000' },
  ],
  uplift_percent: '10.000',
  bundles: [],
  is_in_use: false,
  created_at: '2026-10-01T00:00:00Z',
};

function stubApi(handler: Parameters<typeof stubFetch>[0] = () => undefined, current: Tariff = tariff) {
  return stubFetch((url, init) => {
    if (url === '/api/services/') return jsonResponse(200, ELECTRICITY);
    if (url.startsWith('/api/services/1/bundles/')) return jsonResponse(200, BUNDLES);
    if (url === '/api/services/1/tariffs/9/' && init.method === 'GET') return jsonResponse(200, current);
    return handler(url, init);
  });
}

const renderEdit = (role: string) =>
  renderWithProviders(<TariffEditPage />, {
    path: '/tariffs/9',
    routePath: '/tariffs/:tariffId',
    role,
    routes: [{ path: '/tariffs', element: <p>Tariff list</p> }],
  });

// Whole pages with selects and autocompletes: slow on a machine shared by several engineers.
describe('tariff pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates a tiered tariff for some bundles, sending the last tier open-ended', async () => {
    const fetchMock = stubApi((url, init) =>
      url === '/api/services/1/tariffs/' && init.method === 'POST'
        ? jsonResponse(201, { ...tariff, id: 10, ...JSON.parse(String(init.body)) })
        : undefined,
    );
    renderWithProviders(<TariffCreatePage />, {
      path: '/tariffs/create',
      routePath: '/tariffs/create',
      routes: [{ path: '/tariffs/:tariffId', element: <p>Tariff page</p> }],
    });
    await userEvent.type(await screen.findByLabelText(/Name/), 'November');
    await userEvent.click(screen.getByLabelText('Tiers'));
    const upTo = screen.getAllByLabelText('Up to');
    await userEvent.type(first(upTo), '١٠٠');
    await userEvent.type(screen.getByLabelText('Price of tier 1'), '0.3');
    await userEvent.type(screen.getByLabelText('Price of tier 2'), '0.45');
    await userEvent.type(screen.getByLabelText(/Uplift/), '12.5');
    await userEvent.click(screen.getByLabelText('Bundles'));
    await userEvent.click(await screen.findByRole('option', { name: /10\sA/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create tariff' }));
    expect(await screen.findByText('Tariff page')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = JSON.parse(String(post?.[1]?.body));
    expect(body).toMatchObject({
      name: 'November',
      effective_to: null,
      unit_price: '0',
      tiers: [
        { up_to: '100', unit_price: '0.3' },
        { up_to: null, unit_price: '0.45' },
      ],
      uplift_percent: '12.5',
      bundles: [5],
    });
    expect(body.effective_from).toMatch(/^\d{4}-\d{2}$/);
  });

  it('shows the server’s refusal of a tier list above the form', async () => {
    stubApi((url, init) =>
      url === '/api/services/1/tariffs/9/' && init.method === 'PUT'
        ? jsonResponse(400, { tiers: ['Each tier must end above the one before it.'], code: 'tier_bounds_not_ascending' })
        : undefined,
    );
    renderEdit('admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const name = await screen.findByLabelText(/Name/);
    await userEvent.type(name, ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Each tier must end above the one before it.')).toBeInTheDocument();
  });

  it('shows an accountant the tariff read-only', async () => {
    stubApi();
    renderEdit('accountant');
    expect(await screen.findByLabelText(/Name/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete tariff' })).not.toBeInTheDocument();
  });

  it('locks a tariff that invoices used, for admins too, and says what to do instead', async () => {
    stubApi(undefined, { ...tariff, is_in_use: true });
    renderEdit('admin');
    expect(await screen.findByText(/Add a new tariff from a later month instead/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Name/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete tariff' })).not.toBeInTheDocument();
  });

  it('explains a delete refused because an invoice used the tariff meanwhile', async () => {
    stubApi((url, init) =>
      init.method === 'DELETE'
        ? jsonResponse(409, { detail: 'An invoice was priced with this tariff.', code: 'tariff_in_use' })
        : undefined,
    );
    renderEdit('admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete tariff' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete tariff' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Add a new tariff from a later month instead');
    expect(screen.queryByText('Tariff list')).not.toBeInTheDocument();
  });
});
