import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Permissions from '@meterline/contract/permissions';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../test/harness';
import { buildMultipart, PNG_1X1 } from '../../../test/multipart';

/**
 * Every role of the table holds `update profile`, so no real role meets this 403: the table is
 * changed here (support loses `update profile`) to show the picture routes ask for that permission.
 */
vi.mock('@meterline/contract/permissions', async (importOriginal) => {
  const original = await importOriginal<typeof Permissions>();
  return {
    ...original,
    can: (role: string | null | undefined, action: string, subject: string) =>
      role === 'support' && action === 'update' && subject === 'profile' ? false : original.can(role, action as never, subject as never),
  };
});

let context: TestContext;
let fixture: Fixture;

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
});
afterAll(async () => context?.close());

describe('own picture: update profile', () => {
  it('answers 403 permission_denied to a user without update profile, before reading the file', async () => {
    const support = await fixture.as('a.support');
    const { payload, headers } = buildMultipart({}, { avatar: { filename: 'a.png', contentType: 'image/png', data: PNG_1X1 } });
    const upload = await support.request({ method: 'POST', url: '/api/auth/users/me/avatar/', payload, headers });
    expect(upload.statusCode).toBe(403);
    expect(upload.json().code).toBe('permission_denied');
    const removal = await support.delete('/api/auth/users/me/avatar/');
    expect(removal.statusCode).toBe(403);
    // Another role keeps it.
    const admin = await fixture.as('a.admin');
    expect(
      (
        await admin.request({
          method: 'POST',
          url: '/api/auth/users/me/avatar/',
          ...buildMultipart({}, { avatar: { filename: 'a.png', contentType: 'image/png', data: PNG_1X1 } }),
        })
      ).statusCode,
    ).toBe(200);
  });
});
