import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type Location as RouterLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index';
import { createAppQueryClient, AppProviders } from './providers';
import { buildRoutes } from './router';
import { userWithRole } from './test-users';
import { serviceKeys } from '../shared/api/query-keys';

function renderAt(path: string, role: string | null) {
  initI18n('en');
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const session = role
    ? { isLoggedIn: true, isInitialized: true, user: userWithRole(role) }
    : { isLoggedIn: false, isInitialized: true, user: null };
  // The shell asks for services once: seed the cache instead.
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(serviceKeys.all, [{ id: 1, name: 'Electricity', unit: 'kWh', is_metered: true }]);
  render(
    <AppProviders queryClient={queryClient} initialSession={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('route guards', () => {
  // Pages behind the guards (the dashboard) ask for data: answer 404 so no request leaves the test.
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a signed-out visitor of a protected page to the login page, replacing history', async () => {
    const router = renderAt('/invoices', null);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the login page at / for a signed-out visitor', async () => {
    renderAt('/', null);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a user without the permission to /forbidden, remembering where they were', async () => {
    const router = renderAt('/dashboard', 'support');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forbidden');
    expect(router.state.historyAction).toBe('REPLACE');
    expect((router.state.location.state as { from: RouterLocation }).from.pathname).toBe('/dashboard');
  });

  it('keeps the superadmin out of tenant data and tenant admins out of tenants', async () => {
    const superadmin = renderAt('/customers', 'superadmin');
    await screen.findByRole('heading', { name: 'Access denied' });
    expect(superadmin.state.location.pathname).toBe('/forbidden');
  });

  it('sends a signed-in user away from login to the landing path of the role', async () => {
    const cases: [string, string][] = [
      ['superadmin', '/tenants'],
      ['admin', '/dashboard'],
      ['accountant', '/dashboard'],
      ['support', '/customers'],
      ['collector', '/round'],
    ];
    for (const [role, landing] of cases) {
      const router = renderAt('/login', role);
      await screen.findByRole('heading', { level: 1 });
      expect(router.state.location.pathname).toBe(landing);
      // Unmount (not only empty the body): the landing pages keep asking for data otherwise.
      cleanup();
    }
    // Five shells with their landing pages (the customer list loads the data grid): slow on a busy machine.
  });

  it('lets an allowed user in and shows the page', async () => {
    const router = renderAt('/counters', 'collector');
    expect(await screen.findByRole('heading', { name: 'Counters', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/counters');
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/no/such/page', null);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
