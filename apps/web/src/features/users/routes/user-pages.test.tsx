import type { User } from '@meterline/contract/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { ProfilePage } from './profile-page';
import { UserEditPage } from './user-edit-page';
import { UserListPage } from './user-list-page';

const colleague: User = {
  id: 7,
  tenant: 1,
  username: 'lina',
  email: 'lina@example.com',
  first_name: 'Lina',
  last_name: 'Nasser',
  phone: '',
  role: 'support',
  avatar: null,
  is_active: true,
  otp_enabled: false,
  digits: null,
  last_login: null,
  date_joined: '2026-01-01T00:00:00Z',
};

const roles = [
  { value: 'admin', label: 'Admin' },
  { value: 'support', label: 'Support' },
];

describe('users screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists users for an admin with a "New user" button; the accountant gets none', async () => {
    stubFetch((url) =>
      url.startsWith('/api/auth/users/?')
        ? jsonResponse(200, { count: 1, count_capped: false, next: null, previous: null, results: [colleague] })
        : undefined,
    );
    renderWithProviders(<UserListPage />, { path: '/users', role: 'admin' });
    expect(await screen.findByRole('link', { name: 'lina' })).toHaveAttribute('href', '/users/7');
    expect(screen.getByRole('link', { name: 'New user' })).toBeInTheDocument();
  });

  it('shows the accountant a record without edit controls', async () => {
    stubFetch((url) => (url === '/api/auth/users/7/' ? jsonResponse(200, colleague) : undefined));
    renderWithProviders(<UserEditPage />, { path: '/users/7', routePath: '/users/:userId', role: 'accountant' });
    expect(await screen.findByText('You can see this user, but your role cannot change it.')).toBeInTheDocument();
    // Read-only, not disabled: the text stays legible and copyable, as in every record's read view.
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Username/ })).not.toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset password' })).not.toBeInTheDocument();
  });

  it('deactivates a user after a confirmation', async () => {
    let current = colleague;
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/auth/users/7/' && init.method === 'DELETE') {
        current = { ...colleague, is_active: false };
        return new Response(null, { status: 204 });
      }
      if (url === '/api/auth/users/7/') return jsonResponse(200, current);
      if (url === '/api/auth/users/roles/') return jsonResponse(200, roles);
      return undefined;
    });
    renderWithProviders(<UserEditPage />, { path: '/users/7', routePath: '/users/:userId', role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Lina Nasser?' });
    expect(dialog).toHaveTextContent('Lina Nasser is signed out at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/users/7/' && init?.method === 'DELETE')).toBe(true);
  });

  it('sends only the changed fields when a user is edited, and shows a 400 on its field', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/auth/users/7/' && init.method === 'PUT')
        return jsonResponse(400, { username: ['A user with that username already exists.'] });
      if (url === '/api/auth/users/7/') return jsonResponse(200, colleague);
      if (url === '/api/auth/users/roles/') return jsonResponse(200, roles);
      return undefined;
    });
    renderWithProviders(<UserEditPage />, { path: '/users/7', routePath: '/users/:userId', role: 'admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const username = await screen.findByRole('textbox', { name: /Username/ });
    await userEvent.clear(username);
    await userEvent.type(username, 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('A user with that username already exists.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ username: 'admin' });
  });
});

describe('profile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "Profile update failed. Please try again later." when the save fails without a detail', async () => {
    stubFetch((url, init) => (url === '/api/auth/users/1/' && init.method === 'PUT' ? jsonResponse(500) : undefined));
    renderWithProviders(<ProfilePage />, { path: '/users/profile', role: 'superadmin' });
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.type(phone, '+961 1 555');
    await userEvent.click(first(screen.getAllByRole('button', { name: 'Save changes' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Profile update failed. Please try again later.');
  });

  it('puts a wrong current password on its field', async () => {
    stubFetch((url) =>
      url === '/api/auth/users/set_password/'
        ? jsonResponse(400, {
            current_password: ['Invalid password.'],
            code: 'wrong_password',
            errors: [{ field: 'current_password', code: 'wrong_password', message: 'Invalid password.' }],
          })
        : undefined,
    );
    renderWithProviders(<ProfilePage />, { path: '/users/profile', role: 'admin' });
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-one');
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
  });

  it('turns one-time codes on: QR code and key, then a first code', async () => {
    const fetchMock = stubFetch((url) => {
      if (url === '/api/auth/users/me/otp/')
        return jsonResponse(200, {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/Meterline:admin?secret=JBSWY3DPEHPK3PXP&issuer=Meterline',
        });
      if (url === '/api/auth/users/me/otp/confirm/') return new Response(null, { status: 204 });
      return undefined;
    });
    renderWithProviders(<ProfilePage />, { path: '/users/profile', role: 'admin' });
    await userEvent.click(screen.getByRole('button', { name: 'Turn on one-time codes' }));
    expect(await screen.findByTestId('otp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(await screen.findByRole('img', { name: 'QR code to add Meterline to your authenticator app' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code from the app'), '١٢٣٤٥٦');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByRole('button', { name: 'Turn off one-time codes' })).toBeInTheDocument();
    const confirm = fetchMock.mock.calls.find(([url]) => url === '/api/auth/users/me/otp/confirm/')!;
    expect(JSON.parse(String(confirm[1]!.body))).toEqual({ code: '123456' });
  });
});
