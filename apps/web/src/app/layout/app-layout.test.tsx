import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { AppProviders, createAppQueryClient } from '../providers';
import { buildRoutes } from '../router';
import { userWithRole } from '../test-users';
import { SELECTED_SERVICE_METERED_STORAGE_KEY } from '../../shared/hooks/use-selected-service';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderShell(path: string, role: string, services: unknown, user = userWithRole(role)) {
  initI18n('en');
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/services/')) return json(200, services);
    // The logo is fetched with the token (docs/security.md): these few bytes stand for it.
    if (url.startsWith('/api/media/'))
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } });
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <AppProviders queryClient={createAppQueryClient()} initialSession={{ isLoggedIn: true, isInitialized: true, user }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { fetchMock, router };
}

/** The admin's shell on /customers with the services never answering: the menu is drawn from what the browser remembers. */
function renderWhileServicesLoad() {
  initI18n('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
  render(
    <AppProviders
      queryClient={createAppQueryClient()}
      initialSession={{ isLoggedIn: true, isInitialized: true, user: userWithRole('admin') }}
    >
      <RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/customers'] })} />
    </AppProviders>,
  );
}

describe('app shell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows Counters in its place while the services load when the last service shown was metered (no entry pushed down)', async () => {
    localStorage.setItem(SELECTED_SERVICE_METERED_STORAGE_KEY, '1');
    renderWhileServicesLoad();
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Counters' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Payments' })).toBeInTheDocument();
  });

  it('shows Counters while the services load on a first visit too (nothing remembered: metered, as most services are)', async () => {
    renderWhileServicesLoad();
    expect(localStorage.getItem(SELECTED_SERVICE_METERED_STORAGE_KEY)).toBeNull();
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Counters' })).toBeInTheDocument();
  });

  it('remembers whether the service shown is metered (a flat one: no Counters)', async () => {
    renderShell('/customers', 'admin', [{ id: 3, name: 'Internet', unit: 'GB', is_metered: false }]);
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    await within(menu).findByRole('link', { name: 'Payments' });
    await vi.waitFor(() => expect(localStorage.getItem(SELECTED_SERVICE_METERED_STORAGE_KEY)).toBe('0'));
    expect(within(menu).queryByRole('link', { name: 'Counters' })).not.toBeInTheDocument();
  });

  it('never fetches services for the superadmin and shows no selector', async () => {
    const { fetchMock } = renderShell('/tenants', 'superadmin', []);
    await screen.findByRole('heading', { name: 'Clients', level: 1 });
    expect(screen.queryByRole('combobox', { name: 'Service' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('services'))).toBe(false);
  });

  it('disables the selector when only one service exists', async () => {
    renderShell('/customers', 'support', [{ id: 3, name: 'Water', unit: 'm³', is_metered: false }]);
    const selector = await screen.findByRole('combobox', { name: 'Service' });
    expect(selector).toHaveAttribute('aria-disabled', 'true');
    expect(selector).toHaveTextContent('Water');
  });

  it('shows "Failed to fetch services." when the call fails', async () => {
    renderShell('/customers', 'collector', undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 500 })),
    );
    expect(await screen.findByText('Failed to fetch services.', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it("shows the client's logo and company name in the header when it has one, the Meterline mark otherwise", async () => {
    const user = userWithRole('admin');
    if (!user.tenant) throw new Error('an admin has a tenant');
    user.tenant = { ...user.tenant, company_name: 'Nour Power', logo: '/api/media/abc123' };
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
    const { fetchMock } = renderShell('/customers', 'admin', [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }], user);
    const banner = await screen.findByRole('banner');
    // Decorative beside the company name (alt=""), so it is found by its element; fetched with the token, shown from memory.
    await waitFor(() => expect(banner.querySelector('img')).toHaveAttribute('src', 'blob:logo'));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/media/abc123')).toBe(true);
    expect(within(banner).getByText('Nour Power')).toBeInTheDocument();
    expect(within(banner).queryByText('Meterline')).not.toBeInTheDocument();
  });

  it('shows the Meterline mark for a client without a logo', async () => {
    renderShell('/customers', 'admin', [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }]);
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Meterline')).toBeInTheDocument();
    expect(banner.querySelector('img')).toBeNull();
  });

  it('shows the user menu with welcome, full name and translated role', async () => {
    renderShell('/customers', 'collector', [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }]);
    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    expect(within(trigger).getByText('SH')).toBeInTheDocument();
    trigger.click();
    expect(await screen.findByText('Welcome back,')).toBeInTheDocument();
    expect(screen.getByText('Sara Haddad')).toBeInTheDocument();
    expect(screen.getByText('Collector')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/users/profile');
  });
});
