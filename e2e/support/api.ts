import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { storageStateFor, type DemoRole } from './roles';

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
