import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '@meterline/contract/session';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { exchangeRateEndpoints } from '@meterline/contract/endpoints/exchange-rates';
import type { ExchangeRate } from '@meterline/contract/exchange-rates';
import { first, nth } from '@meterline/contract/invariant';
import { apiClient, ApiError, callEndpoint, setUnauthorizedHandler } from './api-client';
import { makeToken, nowSeconds } from './test-tokens';
import { replaceSession } from './token-refresh';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const authorizationOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string> | undefined)?.Authorization;

describe('api client', () => {
  const onUnauthorized = vi.fn();
  const oldAccess = makeToken(nowSeconds() + 600, { n: 'old' });
  const newAccess = makeToken(nowSeconds() + 900, { n: 'new' });

  beforeEach(() => {
    setUnauthorizedHandler(onUnauthorized);
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, oldAccess);
    localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-1');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
    onUnauthorized.mockReset();
  });

  it('sends the stored bearer to /api/', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, [{ id: 1 }]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiClient.get('services/', { query: { page: 2, search: '' } })).resolves.toEqual([{ id: 1 }]);
    expect(first(fetchMock.mock.calls)[0]).toBe('/api/services/?page=2');
    expect(authorizationOf(first(fetchMock.mock.calls)[1])).toBe(`Bearer ${oldAccess}`);
  });

  it("calls a contract endpoint: its method, its path with the parameters filled, the body, the answer's type", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(201, { id: 7 }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = callEndpoint(exchangeRateEndpoints.set, { params: { serviceId: 3 }, body: { month: '2026-11', rate: '89500' } });
    expectTypeOf(answer).resolves.toEqualTypeOf<ExchangeRate>();
    await expect(answer).resolves.toEqual({ id: 7 });
    expect(first(fetchMock.mock.calls)[0]).toBe('/api/services/3/exchange-rates/');
    expect(first(fetchMock.mock.calls)[1]?.method).toBe('POST');
    expect(JSON.parse(String(first(fetchMock.mock.calls)[1]?.body))).toEqual({ month: '2026-11', rate: '89500' });
    expectTypeOf(callEndpoint(exchangeRateEndpoints.list, { params: { serviceId: 3 } }))
      .resolves.toHaveProperty('results')
      .toEqualTypeOf<ExchangeRate[]>();
    // @ts-expect-error: a path parameter cannot be left out.
    void callEndpoint(exchangeRateEndpoints.list, { params: {} }).catch(() => undefined);
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/jwt/refresh/') return json(200, { access: newAccess, refresh: 'refresh-2' });
      return authorizationOf(init) === `Bearer ${newAccess}`
        ? json(200, { ok: true })
        : json(401, { detail: 'expired', code: 'token_not_valid' });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiClient.get('auth/users/me/')).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/jwt/refresh/')).toHaveLength(1);
    expect(JSON.parse(String(nth(fetchMock.mock.calls, 1)[1]?.body))).toEqual({ refresh: 'refresh-1' });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(newAccess);
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-2');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s (refresh tokens are single-use)', async () => {
    let refreshCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/auth/jwt/refresh/') {
          refreshCalls += 1;
          await new Promise((resolve) => setTimeout(resolve, 10));
          return json(200, { access: newAccess, refresh: 'refresh-2' });
        }
        return authorizationOf(init) === `Bearer ${newAccess}` ? json(200, url) : json(401, { code: 'token_not_valid' });
      }),
    );
    const results = await Promise.all([apiClient.get('a/'), apiClient.get('b/'), apiClient.get('c/')]);
    expect(results).toEqual(['/api/a/', '/api/b/', '/api/c/']);
    expect(refreshCalls).toBe(1);
  });

  it('reuses a token another tab refreshed while this one waited for the lock', async () => {
    const locks = {
      request: vi.fn(async (_name: string, task: () => Promise<unknown>) => {
        // Another tab held the lock and stored a fresh pair meanwhile.
        localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, newAccess);
        localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-2');
        return task();
      }),
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/jwt/refresh/') return json(200, { access: 'x', refresh: 'y' });
      return authorizationOf(init) === `Bearer ${newAccess}` ? json(200, 'ok') : json(401, { code: 'token_not_valid' });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiClient.get('x/')).resolves.toBe('ok');
    expect(locks.request).toHaveBeenCalledWith('meterline-token-refresh', expect.any(Function));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/jwt/refresh/')).toBe(false);
  });

  it('clears the tokens and leaves for /login when the refresh is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/jwt/refresh/'
          ? json(401, { detail: 'used', code: 'token_not_valid' })
          : json(401, { detail: 'Given token not valid', code: 'token_not_valid' }),
      ),
    );
    const error = await apiClient.get('services/').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('without Web Locks, a refused refresh keeps the pair another tab stored meanwhile', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const otherTabAccess = makeToken(nowSeconds() + 600, { n: 'other-tab' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/auth/jwt/refresh/') {
          // The other tab won the race and stored its new pair before this answer came back.
          localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, otherTabAccess);
          localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-from-other-tab');
          return json(401, { detail: 'used', code: 'token_not_valid' });
        }
        return authorizationOf(init) === `Bearer ${otherTabAccess}`
          ? json(200, [])
          : json(401, { detail: 'expired', code: 'token_not_valid' });
      }),
    );
    await expect(apiClient.get('services/')).resolves.toEqual([]);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-from-other-tab');
  });

  it('tells the login page why when the client was blocked (401 tenant_blocked)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { detail: 'This client is blocked. Contact the platform administrator.', code: 'tenant_blocked' })),
    );
    const error = (await apiClient.get('services/').catch((reason: unknown) => reason)) as ApiError;
    expect(error.code).toBe('tenant_blocked');
    expect(onUnauthorized).toHaveBeenCalledWith('tenant_blocked');
  });

  it('while the session is replaced (a password change), a 401 waits for the new sign-in instead of refreshing the ended session', async () => {
    let finishChange: () => void = () => undefined;
    const sentRefreshes: unknown[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/jwt/refresh/') {
        sentRefreshes.push(JSON.parse(String(init?.body)));
        return json(401, { code: 'token_not_valid' }); // the change ended the old session
      }
      if (url === '/api/auth/users/set_password/')
        return new Promise<Response>((resolve) => (finishChange = () => resolve(json(204, undefined))));
      return authorizationOf(init) === `Bearer ${newAccess}` ? json(200, 'ok') : json(401, { code: 'token_not_valid' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const replaced = replaceSession(
      () => apiClient.post('auth/users/set_password/', {}, { skipRefresh: true }),
      async (tokensStored) => {
        localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, newAccess);
        localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-new');
        tokensStored();
        return 'signed in again';
      },
    );
    // A call made during the change is refused with the old token...
    const call = apiClient.get('x/');
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/x/')).toBe(true));
    finishChange();
    // ...and succeeds with the new sign-in's token: the user stays signed in.
    await expect(call).resolves.toBe('ok');
    await expect(replaced).resolves.toBe('signed in again');
    expect(sentRefreshes).toEqual([]);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-new');
  });

  it("the change's own 401 is final: no refresh, no wait on itself, and the user leaves for the login page", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/auth/jwt/refresh/' ? json(200, { access: newAccess, refresh: 'refresh-2' }) : json(401, { code: 'user_inactive' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const signIn = vi.fn(async () => 'never');
    const error = await replaceSession(() => apiClient.post('auth/users/set_password/', {}, { skipRefresh: true }), signIn).catch(
      (reason: unknown) => reason,
    );
    expect((error as ApiError).status).toBe(401);
    expect(signIn).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/jwt/refresh/')).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledWith('user_inactive');
  });

  it('never refreshes for a 401 of the sign-in call (wrong credentials)', async () => {
    const fetchMock = vi.fn(async () => json(401, { detail: 'No active account', code: 'authentication_failed' }));
    vi.stubGlobal('fetch', fetchMock);
    const error = (await apiClient
      .post('auth/jwt/create/', { username: 'a', password: 'b' })
      .catch((reason: unknown) => reason)) as ApiError;
    expect(error.code).toBe('authentication_failed');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('rejects with the response body, or the fallback text when there is none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { name: ['This field is required.'] })),
    );
    const validation = (await apiClient.post('customers/', {}).catch((reason: unknown) => reason)) as ApiError;
    expect(validation.data).toEqual({ name: ['This field is required.'] });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 502, statusText: 'Bad Gateway' })),
    );
    const services = (await apiClient
      .get('services/', { fallbackMessage: 'Wrong Services' })
      .catch((reason: unknown) => reason)) as ApiError;
    expect(services.message).toBe('Wrong Services');
    const other = (await apiClient.get('config/').catch((reason: unknown) => reason)) as ApiError;
    expect(other.message).toBe('Bad Gateway');
  });
});
