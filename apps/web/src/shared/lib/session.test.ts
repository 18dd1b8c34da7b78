import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '@meterline/contract/session';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreSession } from './session';
import { makeToken, nowSeconds } from './test-tokens';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const me = { id: 7, role: 'admin', first_name: 'Sara', last_name: 'Haddad' };

describe('session start-up (docs/product/specification.md section 4 with the refresh refinement)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the user with a valid stored access token', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, makeToken(nowSeconds() + 600));
    const fetchMock = vi.fn(async (_url: string) => json(200, me));
    vi.stubGlobal('fetch', fetchMock);
    await expect(restoreSession()).resolves.toEqual(me);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/users/me/']);
  });

  it('refreshes an expired access token once before judging the session', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, makeToken(nowSeconds() - 10));
    localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-1');
    const fresh = makeToken(nowSeconds() + 900);
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/auth/jwt/refresh/' ? json(200, { access: fresh, refresh: 'refresh-2' }) : json(200, me),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(restoreSession()).resolves.toEqual(me);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/jwt/refresh/', '/api/auth/users/me/']);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(fresh);
  });

  it('is logged out without tokens, with a refused refresh, or when me/ fails', async () => {
    const fetchMock = vi.fn(async () => json(401, { code: 'token_not_valid' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(restoreSession()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, makeToken(nowSeconds() - 10));
    localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'used');
    await expect(restoreSession()).resolves.toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBeNull();

    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, makeToken(nowSeconds() + 600));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { detail: 'boom' })),
    );
    await expect(restoreSession()).resolves.toBeNull();
  });
});
