import { request, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, type DemoRole } from './roles';

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
