import { readFileSync } from 'node:fs';
import { expect, request, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, storageStateFor, type DemoRole } from './roles';

/**
 * An API client signed in as a demo role with its own tokens (not the stored browser state, whose
 * single-use refresh token the pages may rotate), for setting up and checking journeys.
 */
export async function apiAs(baseURL: string, role: DemoRole): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL });
  const response = await anonymous.post('/api/auth/jwt/create/', { data: { username: role, password: DEMO_PASSWORD } });
  if (!response.ok()) throw new Error(`Sign-in of ${role} failed: ${response.status()}`);
  const { access } = (await response.json()) as { access: string };
  await anonymous.dispose();
  return request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${access}` } });
}

/** A money text as shown ("$1,234.50", "-$12.00") or sent ("1234.50") in integer cents, never a float. */
export function toCents(text: string): bigint {
  const clean = text.replace(/[^\d.-]/g, '');
  const negative = clean.startsWith('-');
  const [whole, fraction = ''] = clean.replace('-', '').split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** The access token global-setup stored for a demo role (for setting up data through the API). */
export function accessTokenOf(role: DemoRole): string {
  const state = JSON.parse(readFileSync(storageStateFor(role), 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
  const item = state.origins[0]?.localStorage.find((entry) => entry.name === 'serviceToken');
  if (!item) throw new Error(`No stored token for ${role}`);
  return item.value;
}

export interface CreatedUser {
  id: number;
  username: string;
  password: string;
}

/** A fresh staff member of the demo tenant, made by the demo admin: journeys that change a user never touch a shared one. */
export async function createStaffUser(request: APIRequestContext, role: 'admin' | 'accountant' | 'support' | 'collector', prefix: string): Promise<CreatedUser> {
  const username = `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = 'journey-pass-2026';
  const response = await request.post('/api/auth/users/', {
    headers: { Authorization: `Bearer ${accessTokenOf('admin')}` },
    data: { username, password, role, first_name: 'Journey', last_name: prefix },
  });
  if (!response.ok()) throw new Error(`Creating ${username} failed: ${response.status()} ${await response.text()}`);
  const { id } = (await response.json()) as { id: number };
  return { id, username, password };
}

/** Signs in through the API: the tokens, or the status when refused. */
export async function signInThroughApi(request: APIRequestContext, username: string, password: string, otp?: string) {
  const response = await request.post('/api/auth/jwt/create/', { data: { username, password, ...(otp ? { otp } : {}) } });
  return { status: response.status(), body: (await response.json().catch(() => null)) as { access?: string; refresh?: string; code?: string } | null };
}


/**
 * Calls the API as a demo role, for test data that is not the point of a journey. Paths are
 * relative to `/api/`; a failure fails the test with the answer.
 */
export function apiCallsAs(request: APIRequestContext, role: DemoRole) {
  const headers = { Authorization: `Bearer ${accessTokenOf(role)}` };
  const check = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  return {
    get: async <T>(path: string) => check<T>(await request.get(`/api/${path}`, { headers })),
    post: async <T>(path: string, data: unknown) => check<T>(await request.post(`/api/${path}`, { headers, data })),
    put: async <T>(path: string, data: unknown) => check<T>(await request.put(`/api/${path}`, { headers, data })),
  };
}

/** A name no other run or journey uses (the data directory is fresh per run, journeys run in parallel). */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
