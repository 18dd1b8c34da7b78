import {
  expect,
  request,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { DEMO_PASSWORD, type DemoRole } from './roles';

/** Who signs in: a demo account or a user a journey made for itself. */
export interface Credentials {
  username: string;
  password: string;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export function demoCredentials(role: DemoRole): Credentials {
  return { username: role, password: DEMO_PASSWORD };
}

/**
 * Signs in through the API: a fresh token pair for every caller. Journeys never share a pair: the
 * refresh token is single use, so two contexts holding one pair would sign each other out at the
 * first refresh, and a pair made at the start of the run would expire before the run ends.
 */
export async function signIn(baseURL: string, credentials: Credentials): Promise<TokenPair> {
  const anonymous = await request.newContext({ baseURL });
  try {
    const response = await anonymous.post('/api/auth/jwt/create/', { data: credentials });
    if (!response.ok()) throw new Error(`Sign-in of ${credentials.username} failed: ${response.status()} ${await response.text()}`);
    return (await response.json()) as TokenPair;
  } finally {
    await anonymous.dispose();
  }
}

/** Storage state holding a pair where the app keeps it (localStorage `serviceToken`/`refreshToken`). */
export function storageStateWith(baseURL: string, tokens: TokenPair): StorageState {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(baseURL).origin,
        localStorage: [
          { name: 'serviceToken', value: tokens.access },
          { name: 'refreshToken', value: tokens.refresh },
        ],
      },
    ],
  };
}

/** A browser context signed in as `credentials` with a pair of its own. */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  credentials: Credentials,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ ...options, storageState: storageStateWith(baseURL, await signIn(baseURL, credentials)) });
}

/** A page in a context of its own, signed in as `credentials` (close it with `page.context().close()`). */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  credentials: Credentials,
  options: BrowserContextOptions = {},
): Promise<Page> {
  return (await signedInContext(browser, baseURL, credentials, options)).newPage();
}

type RequestOptions = NonNullable<Parameters<APIRequestContext['fetch']>[1]>;

/** The API as one user, for setting up and checking journeys (dispose it at the end). */
export interface ApiClient {
  get(url: string, options?: RequestOptions): Promise<APIResponse>;
  post(url: string, options?: RequestOptions): Promise<APIResponse>;
  put(url: string, options?: RequestOptions): Promise<APIResponse>;
  delete(url: string, options?: RequestOptions): Promise<APIResponse>;
  dispose(): Promise<void>;
}

/** Seconds since the epoch at which a JWT expires (its `exp`), unverified. */
function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
  return payload.exp ?? 0;
}

/** Sign in again when the access token has less than this left: a request never goes out with one about to expire. */
const RENEW_MARGIN_MS = 15_000;

/**
 * An API client with a bearer of its own, which signs in again when its access token is about to
 * expire: a journey's set-up and checks work whatever the token lifetime and however long the
 * journey takes (what the app itself does with its tokens is what the journeys test).
 */
export async function apiClientFor(baseURL: string, credentials: Credentials): Promise<ApiClient> {
  const context = await request.newContext({ baseURL });
  let access = (await signIn(baseURL, credentials)).access;
  const bearer = async () => {
    if (expiryOf(access) * 1000 - Date.now() < RENEW_MARGIN_MS) access = (await signIn(baseURL, credentials)).access;
    return access;
  };
  const send = async (method: string, url: string, options: RequestOptions = {}) =>
    context.fetch(url, { ...options, method, headers: { ...options.headers, Authorization: `Bearer ${await bearer()}` } });
  return {
    get: (url, options) => send('GET', url, options),
    post: (url, options) => send('POST', url, options),
    put: (url, options) => send('PUT', url, options),
    delete: (url, options) => send('DELETE', url, options),
    dispose: () => context.dispose(),
  };
}

/** Calls that fail the journey with the answer when refused; paths are relative to `/api/`. */
export interface ApiCalls {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, data?: unknown): Promise<T>;
  put<T>(path: string, data: unknown): Promise<T>;
}

export function checkedCalls(client: ApiClient): ApiCalls {
  const check = async <T>(response: APIResponse): Promise<T> => {
    expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  return {
    get: async <T>(path: string) => check<T>(await client.get(`/api/${path}`)),
    post: async <T>(path: string, data?: unknown) => check<T>(await client.post(`/api/${path}`, { data })),
    put: async <T>(path: string, data: unknown) => check<T>(await client.put(`/api/${path}`, { data })),
  };
}

/**
 * A billing run through the API (a job, docs/billing.md): started (202 `{job}`), then read until it has
 * finished; answers its report. Only the journey's own time limit ends a wait on a stuck job.
 */
export async function runBillingJob<T>(calls: ApiCalls, serviceId: number, body: unknown): Promise<T> {
  const { job } = await calls.post<{ job: { id: number } }>(`services/${serviceId}/invoices/generate/`, body);
  for (;;) {
    const read = await calls.get<{ state: string; result: T }>(`jobs/${job.id}/`);
    if (read.state !== 'queued' && read.state !== 'running') {
      expect(read.state, JSON.stringify(read)).toBe('done');
      return read.result;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
