import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../shared/lib/test-render';
import { LoginPage } from './login-page';

describe('login page', () => {
  it('says why the user was signed out when the client was blocked', async () => {
    renderWithProviders(<LoginPage />, { path: '/login?reason=tenant_blocked' });
    expect(await screen.findByRole('status')).toHaveTextContent('This client is blocked, so you have been signed out.');
  });

  it('says it in Arabic too', async () => {
    renderWithProviders(<LoginPage />, { path: '/login?reason=tenant_blocked', language: 'ar' });
    expect(await screen.findByRole('status')).toHaveTextContent('هذا العميل محظور');
  });

  it('shows nothing for an unknown reason', async () => {
    renderWithProviders(<LoginPage />, { path: '/login?reason=whatever' });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks for the username and the password when they are left empty, and sends nothing', async () => {
    renderWithProviders(<LoginPage />, { path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ali' } });
    expect(screen.getAllByText('This field is required.')).toHaveLength(1);
  });
});
