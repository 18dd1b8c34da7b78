import { basename } from 'node:path';
import { test as base } from '@playwright/test';
import type { DemoRole } from './roles';
import { demoCredentials, signIn, storageStateWith } from './session';
import { createJourneyTenant, type JourneyTenant, type TenantRole } from './tenant';

/**
 * Journeys on the demo tenant, which they only read (nothing a journey writes lands there).
 * `test.use({ signedInAs: 'admin' })` starts the page signed in as that demo account with a token
 * pair made for this test alone: the suite passes however long it runs, whatever the token
 * lifetime, and no two contexts rotate one refresh token.
 */
export const test = base.extend<{ signedInAs: DemoRole | null }>({
  signedInAs: [null, { option: true }],
  storageState: async ({ signedInAs, baseURL }, use) => {
    await use(signedInAs ? storageStateWith(baseURL!, await signIn(baseURL!, demoCredentials(signedInAs))) : undefined);
  },
});

/**
 * Journeys that write: each test gets a client (tenant) of its own with one user per role
 * (`tenant.users.admin`, ...), and `tenantTest.use({ signedInAs: 'admin' })` starts the page
 * signed in as that user of that client.
 */
export const tenantTest = base.extend<{ signedInAs: TenantRole | null; tenant: JourneyTenant }>({
  signedInAs: [null, { option: true }],
  tenant: async ({ baseURL }, use, testInfo) => {
    const tenant = await createJourneyTenant(baseURL!, basename(testInfo.file, '.spec.ts'));
    await use(tenant);
    await tenant.dispose();
  },
  storageState: async ({ signedInAs, tenant, baseURL }, use) => {
    await use(signedInAs ? storageStateWith(baseURL!, await signIn(baseURL!, tenant.users[signedInAs])) : undefined);
  },
});

export { expect } from '@playwright/test';
