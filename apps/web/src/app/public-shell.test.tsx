import { ACCESS_TOKEN_STORAGE_KEY } from '@meterline/contract/session';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index';
import { jsonResponse, stubFetch } from '../shared/lib/test-render';
import { makeToken, nowSeconds } from '../shared/lib/test-tokens';
import { isPublicShellPath, PublicShell } from './public-shell';
import { userWithRole } from './test-users';

function renderShell(onSignedIn = vi.fn(async () => undefined)) {
  initI18n('en');
  render(<PublicShell onSignedIn={onSignedIn} />);
  return onSignedIn;
}

describe('the public sign-in shell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('answers the sign-in addresses only', () => {
    expect(isPublicShellPath('/')).toBe(true);
    expect(isPublicShellPath('/login')).toBe(true);
    expect(isPublicShellPath('/forgot-password')).toBe(false);
    expect(isPublicShellPath('/dashboard')).toBe(false);
  });

  it('signs in without the app, stores the tokens and hands the user over', async () => {
    const user = userWithRole('collector');
    const access = makeToken(nowSeconds() + 600, { user_id: user.id });
    const fetchMock = stubFetch((url) => {
      if (url === '/api/auth/jwt/create/') return jsonResponse(200, { access, refresh: 'refresh-1' });
      if (url === '/api/auth/users/me/') return jsonResponse(200, user);
    });
    const onSignedIn = renderShell();
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: ' collector ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ username: 'collector', password: 'demo1234' });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(access);
  });

  it('asks for the one-time code when the server wants one, and says a refusal in words', async () => {
    stubFetch((url, init) => {
      if (url !== '/api/auth/jwt/create/') return undefined;
      const body = JSON.parse(String(init.body)) as { otp?: string };
      return body.otp
        ? jsonResponse(401, { detail: 'Invalid code.', code: 'otp_invalid' })
        : jsonResponse(400, { detail: 'Code needed.', code: 'otp_required' });
    });
    const onSignedIn = renderShell();
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'otpadmin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.change(await screen.findByLabelText('One-time code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid or was already used.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('says why the visitor was signed out, and links to the password reset by its address', async () => {
    window.history.replaceState(null, '', '/login?reason=user_inactive');
    renderShell();
    expect(await screen.findByRole('status')).toHaveTextContent('deactivated');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
