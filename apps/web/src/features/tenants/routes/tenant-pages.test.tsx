import type { Tenant } from '@meterline/contract/tenants';
import type { User } from '@meterline/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { TenantCreatePage } from './tenant-create-page';
import { TenantEditPage } from './tenant-edit-page';
import { TenantListPage } from './tenant-list-page';
import { TenantUserEditPage } from './tenant-user-edit-page';

const tenant: Tenant = {
  id: 3,
  name: 'North Power',
  slug: 'north-power',
  email: '',
  phone: '',
  address: '',
  db_alias: 'default',
  is_blocked: false,
  created_at: '2026-01-01T00:00:00Z',
  users_count: 4,
};

const user: User = {
  id: 12,
  tenant: 3,
  username: 'rania',
  email: '',
  first_name: 'Rania',
  last_name: 'Khoury',
  phone: '',
  role: 'admin',
  avatar: null,
  is_active: true,
  otp_enabled: false,
  digits: null,
  last_login: null,
  date_joined: '2026-01-01T00:00:00Z',
};

describe('client screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists clients and says "Failed to fetch tenants." when the list fails', async () => {
    stubFetch((url) => (url.startsWith('/api/tenants/aliases/') ? jsonResponse(200, ['default']) : jsonResponse(503)));
    renderWithProviders(<TenantListPage />, { path: '/tenants', role: 'superadmin' });
    expect(await screen.findByText('Failed to fetch tenants.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New client' })).toHaveAttribute('href', '/tenants/create');
  });

  it('creates a client: the slug follows the name, a 400 lands on its field, then it goes to the first user', async () => {
    let attempts = 0;
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/tenants/aliases/')) return jsonResponse(200, ['default', 'eu']);
      if (url === '/api/tenants/' && init.method === 'POST') {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(400, { slug: ['A client with this slug already exists.'] })
          : jsonResponse(201, { ...tenant, slug: 'north-power-2' });
      }
      return undefined;
    });
    const { router } = renderWithProviders(<TenantCreatePage />, { path: '/tenants/create', role: 'superadmin' });
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'North Power');
    expect(screen.getByRole('textbox', { name: /Slug/ })).toHaveValue('north-power');
    await userEvent.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('A client with this slug already exists.')).toBeInTheDocument();

    const slug = screen.getByRole('textbox', { name: /Slug/ });
    await userEvent.clear(slug);
    await userEvent.type(slug, 'north-power-2');
    await userEvent.click(screen.getByRole('button', { name: 'Create client' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenants/3/users/create'));
    const body = JSON.parse(String(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1)![1]!.body));
    expect(body).toMatchObject({ name: 'North Power', slug: 'north-power-2', db_alias: 'default', currency: 'USD' });
  });

  it('blocks a client after a confirmation and shows the answer', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/tenants/3/') return jsonResponse(200, tenant);
      if (url === '/api/tenants/3/block/') return jsonResponse(200, { ...tenant, is_blocked: true });
      if (url.startsWith('/api/tenants/aliases/')) return jsonResponse(200, ['default']);
      return undefined;
    });
    renderWithProviders(<TenantEditPage />, { path: '/tenants/3', routePath: '/tenants/:tenantId', role: 'superadmin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Block client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block North Power?' });
    expect(dialog).toHaveTextContent(/Its\W*4\W*users are signed out at once/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block client' }));
    expect(await screen.findByText('This client is blocked: its users cannot sign in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock client' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/tenants/3/block/')).toHaveLength(1);
  });

  it('says "Failed to fetch tenant." when the client cannot be read', async () => {
    stubFetch(() => jsonResponse(404, { detail: 'Not found.', code: 'not_found' }));
    renderWithProviders(<TenantEditPage />, { path: '/tenants/3', routePath: '/tenants/:tenantId', role: 'superadmin' });
    expect(await screen.findByText('Failed to fetch tenant.')).toBeInTheDocument();
  });

  it("resets a client user's password and shows it once", async () => {
    stubFetch((url) => {
      if (url === '/api/tenants/3/') return jsonResponse(200, tenant);
      if (url === '/api/tenants/3/users/12/') return jsonResponse(200, user);
      if (url === '/api/tenants/3/users/12/reset-password/') return jsonResponse(200, { np: 'Xk7pQ2mWz9aB' });
      if (url === '/api/auth/users/roles/') return jsonResponse(200, [{ value: 'admin', label: 'Admin' }]);
      return undefined;
    });
    renderWithProviders(<TenantUserEditPage />, {
      path: '/tenants/3/users/12',
      routePath: '/tenants/:tenantId/users/:userId',
      role: 'superadmin',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset password' }));
    const result = await screen.findByRole('dialog', { name: 'New password for Rania Khoury' });
    expect(within(result).getByTestId('new-password')).toHaveTextContent('Xk7pQ2mWz9aB');
    expect(within(result).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await userEvent.click(within(result).getByRole('button', { name: 'I have noted it, close' }));
    await waitFor(() => expect(screen.queryByText('Xk7pQ2mWz9aB')).not.toBeInTheDocument());
  });

  it('says "Failed to fetch client user." when the user cannot be read', async () => {
    stubFetch((url) =>
      url === '/api/tenants/3/' ? jsonResponse(200, tenant) : jsonResponse(404, { detail: 'Not found.', code: 'not_found' }),
    );
    renderWithProviders(<TenantUserEditPage />, {
      path: '/tenants/3/users/99',
      routePath: '/tenants/:tenantId/users/:userId',
      role: 'superadmin',
    });
    expect(await screen.findByText('Failed to fetch client user.')).toBeInTheDocument();
  });
});
