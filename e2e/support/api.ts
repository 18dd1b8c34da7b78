import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { storageStateFor, type DemoRole } from './roles';

/** The access token global-setup stored for `role` (valid 15 minutes: one run). */
function accessTokenOf(role: DemoRole): string {
  const state = JSON.parse(readFileSync(storageStateFor(role), 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
  const token = state.origins[0]?.localStorage.find((item) => item.name === 'serviceToken')?.value;
  if (!token) throw new Error(`No stored token for ${role}: did global-setup run?`);
  return token;
}

/**
 * Calls the API as a demo role, for test data that is not the point of a journey. Paths are
 * relative to `/api/`; a failure fails the test with the answer.
 */
export function apiAs(request: APIRequestContext, role: DemoRole) {
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
