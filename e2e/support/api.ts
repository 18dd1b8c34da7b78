import type { APIRequestContext } from '@playwright/test';
import type { DemoRole } from './roles';
import { apiClientFor, demoCredentials, type ApiClient } from './session';

/**
 * An API client signed in as a demo account with a pair of its own, for checking what a journey
 * reads from the demo tenant (dispose it at the end).
 */
export async function apiAs(baseURL: string, role: DemoRole): Promise<ApiClient> {
  return apiClientFor(baseURL, demoCredentials(role));
}

/** A money text as shown ("$1,234.50", "-$12.00") or sent ("1234.50") in integer cents, never a float. */
export function toCents(text: string): bigint {
  const clean = text.replace(/[^\d.-]/g, '');
  const negative = clean.startsWith('-');
  const [whole, fraction = ''] = clean.replace('-', '').split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** Signs in through the API: the tokens, or the status when refused. */
export async function signInThroughApi(request: APIRequestContext, username: string, password: string, otp?: string) {
  const response = await request.post('/api/auth/jwt/create/', { data: { username, password, ...(otp ? { otp } : {}) } });
  return {
    status: response.status(),
    body: (await response.json().catch(() => null)) as { access?: string; refresh?: string; code?: string } | null,
  };
}

/** A name no other run or journey uses (the data directory is fresh per run, journeys run in parallel). */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
