import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@meterline/contract/roles';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createAppQueryClient } from '../../../app/providers';
import { buildRoutes } from '../../../app/router';
import { userWithRole } from '../../../app/test-users';
import { initI18n } from '../../../i18n/index';
import { serviceKeys } from '../../../shared/api/query-keys';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const FRESH = {
  items: {
    company: true,
    currency_tax: false,
    services: true,
    bundles: false,
    stations: false,
    addresses: false,
    staff: false,
    customers: false,
    channel: false,
    test_message: false,
  },
  complete: false,
  address_levels: { regions: false, streets: false, buildings: false },
};
const ALL_DONE = {
  items: Object.fromEntries(Object.keys(FRESH.items).map((item) => [item, true])),
  complete: true,
  address_levels: { regions: true, streets: true, buildings: true },
};

function renderDashboard(onboarding: unknown, { role = 'admin' }: { role?: Role } = {}) {
  initI18n('en');
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return url.startsWith('/api/onboarding/') ? json(200, onboarding) : json(200, []);
    }),
  );
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(serviceKeys.all, [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }]);
  render(
    <AppProviders queryClient={queryClient} initialSession={{ isLoggedIn: true, isInitialized: true, user: userWithRole(role) }}>
      <RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/dashboard'] })} />
    </AppProviders>,
  );
  return urls;
}

describe('setup checklist', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows a fresh tenant what is left, each undone item linking to the screen that does it', async () => {
    renderDashboard(FRESH);
    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(card).getByText('2 of 10 done')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Bundles' })).toHaveAttribute('href', '/bundles/create');
    expect(within(card).getByRole('link', { name: 'Customers (type them or import a file)' })).toHaveAttribute('href', '/customers/import');
    expect(within(card).getByRole('link', { name: 'Staff accounts' })).toHaveAttribute('href', '/users/create');
    // Messages: both lead to the settings' Messages section.
    expect(within(card).getByRole('link', { name: 'Set up a channel' })).toHaveAttribute('href', '/settings#messages');
    expect(within(card).getByRole('link', { name: 'Send a test message' })).toHaveAttribute('href', '/settings#messages');
    // Done items are ticked, not links.
    expect(within(card).queryByRole('link', { name: 'Services' })).not.toBeInTheDocument();
    expect(within(card).getByText('Services')).toBeInTheDocument();
  });

  it('says what the addresses still need once a region is made: a street and a building', async () => {
    renderDashboard({ ...FRESH, address_levels: { regions: true, streets: false, buildings: false } });
    const card = await screen.findByRole('region', { name: 'Getting started' });
    const item = within(card).getByRole('link', { name: 'Addresses (regions, streets, buildings)' }).closest('li')!;
    expect(item).toHaveTextContent('Still to add: a street in your region and a building in it');
    expect(item).toHaveAttribute('data-done', 'false');
    // No hint on an item nothing was started for.
    expect(within(card).getByRole('link', { name: 'Bundles' }).closest('li')).not.toHaveTextContent('Still to add');
  });

  it('hints at a building when the region has its street', async () => {
    renderDashboard({ ...FRESH, address_levels: { regions: true, streets: true, buildings: false } });
    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(card).getByText(/Still to add: a building in one of your streets/)).toBeInTheDocument();
  });

  it('ticks the addresses without a hint once a building exists', async () => {
    renderDashboard({
      ...FRESH,
      items: { ...FRESH.items, addresses: true },
      address_levels: { regions: true, streets: true, buildings: true },
    });
    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(card).getByText('Addresses (regions, streets, buildings)').closest('li')).toHaveAttribute('data-done', 'true');
    expect(within(card).queryByText(/Still to add/)).not.toBeInTheDocument();
  });

  it('is gone once every item is done (the demo tenants)', async () => {
    const urls = renderDashboard(ALL_DONE);
    await vi.waitFor(() => expect(urls.some((url) => url.startsWith('/api/onboarding/'))).toBe(true));
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('can be hidden, and stays hidden for this tenant', async () => {
    renderDashboard(FRESH);
    const card = await screen.findByRole('region', { name: 'Getting started' });
    await userEvent.click(within(card).getByRole('button', { name: 'Hide the checklist' }));
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('meterline.onboarding.dismissed.1')).toBe('1');
  });

  it('is not asked for by an accountant', async () => {
    const urls = renderDashboard(FRESH, { role: 'accountant' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(urls.some((url) => url.startsWith('/api/onboarding/'))).toBe(false);
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });
});
