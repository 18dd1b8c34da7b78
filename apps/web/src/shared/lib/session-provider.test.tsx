import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '@meterline/contract/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { userWithRole } from '../../app/test-users';
import { setUnauthorizedHandler } from './api-client';
import { SessionProvider, useSession } from './session';
import { makeToken, nowSeconds } from './test-tokens';

function SessionProbe() {
  const { isLoggedIn, user, signOut } = useSession();
  return (
    <>
      <p>{isLoggedIn ? `signed in as ${user?.username}` : 'signed out'}</p>
      <button onClick={() => void signOut()}>logout</button>
    </>
  );
}

function renderSignedIn() {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, makeToken(nowSeconds() + 600, { user_id: 1 }));
  localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-1');
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider initialState={{ isLoggedIn: true, isInitialized: true, user: userWithRole('admin') }}>
        <SessionProbe />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('session provider', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs out when another tab signed out', async () => {
    renderSignedIn();
    expect(screen.getByText('signed in as admin')).toBeInTheDocument();
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_STORAGE_KEY }));
    });
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('logout calls logout/ and clears both tokens even when the call fails', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSignedIn();
    await act(async () => screen.getByRole('button', { name: 'logout' }).click());
    expect(first(fetchMock.mock.calls)[0]).toBe('/api/auth/jwt/logout/');
    expect(JSON.parse(String(first(fetchMock.mock.calls)[1]?.body))).toEqual({ refresh: 'refresh-1' });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('refreshes the access token ahead of its expiry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const fresh = makeToken(nowSeconds() + 900, { user_id: 1 });
      const fetchMock = vi.fn(
        async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ access: fresh, refresh: 'refresh-2' }), { status: 200 }),
      );
      vi.stubGlobal('fetch', fetchMock);
      renderSignedIn(); // the stored token lives 10 minutes
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500_000);
      });
      expect(fetchMock).not.toHaveBeenCalled();
      // A minute before expiry the refresh goes out.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(40_000);
      });
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/jwt/refresh/');
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(fresh);
      expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refresh refused because the client was blocked leaves for the login page with the reason', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const leftWith = vi.fn();
    setUnauthorizedHandler(leftWith);
    try {
      const blocked = { detail: 'This client is blocked.', code: 'tenant_blocked' };
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(blocked), { status: 401 })),
      );
      renderSignedIn(); // the stored token lives 10 minutes; the refresh goes out a minute before
      await act(async () => {
        await vi.advanceTimersByTimeAsync(560_000);
      });
      expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBeNull();
      expect(leftWith).toHaveBeenCalledWith('tenant_blocked');
    } finally {
      setUnauthorizedHandler(null);
      vi.useRealTimers();
    }
  });
});
