import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { DEMO_PASSWORD, ROLES, storageStateFor } from './support/roles';

/**
 * Signs each demo role in through the API once and stores its tokens as Playwright storage state,
 * so journeys start signed in without typing. A journey that logs out must sign in on its own:
 * logout revokes the whole refresh-token family.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0].use.baseURL ?? 'http://localhost:3100';
  for (const role of ROLES) {
    const response = await fetch(`${baseURL}/api/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: role, password: DEMO_PASSWORD }),
    });
    if (!response.ok) throw new Error(`Sign-in of ${role} failed: ${response.status} ${await response.text()}`);
    const { access, refresh } = (await response.json()) as { access: string; refresh: string };
    const file = storageStateFor(role);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({
        cookies: [],
        origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: 'serviceToken', value: access }, { name: 'refreshToken', value: refresh }] }],
      }),
    );
  }
}
