import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { services } from '../db/schema/index';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../test/harness';

/*
 * The authentication's one statement (docs/performance.md) also reads what the request's scope needs next
 * (the tenant's settings and the path's service, for a tenant whose data is in `default`), so a
 * call costs one round trip less and `users/me/` costs one statement in all. Counted at the
 * driver, whichever the tests run on (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let context: TestContext;
let fixture: Fixture;
let admin: Client;

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
});
afterAll(async () => context?.close());

async function statementsOf(call: () => Promise<{ statusCode: number }>): Promise<{ statusCode: number; statements: number }> {
  const spies = [vi.spyOn(PGlite.prototype, 'query'), vi.spyOn(pg.Client.prototype, 'query')];
  try {
    const { statusCode } = await call();
    return { statusCode, statements: spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0) };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('statements per request', () => {
  it('users/me/ answers from the authentication statement alone', async () => {
    expect(await statementsOf(() => admin.get('/api/auth/users/me/'))).toEqual({ statusCode: 200, statements: 1 });
  });

  it('a tenant call does not read the service and settings again', async () => {
    // The authentication, then the tenant's terms come with it: stats3 reads its rollups only.
    expect(await statementsOf(() => admin.get('/api/statistics/stats3/'))).toEqual({ statusCode: 200, statements: 2 });
    // The authentication with the service, then the kept count and the page.
    const list = await statementsOf(() => admin.get(`/api/services/${fixture.tenantA.electricityId}/invoices/`));
    expect(list).toEqual({ statusCode: 200, statements: 3 });
  });
});

describe('the scope read with the authentication answers as its own read did', () => {
  it("another tenant's service is not found, like a missing one", async () => {
    expect((await admin.get(`/api/services/${fixture.tenantB.electricityId}/invoices/`)).statusCode).toBe(404);
    expect((await admin.get('/api/services/2147483647/invoices/')).statusCode).toBe(404);
    expect((await admin.get('/api/services/99999999999/invoices/')).statusCode).toBe(404);
  });

  it('a service id in Arabic-Indic digits is read by the same statement and answers the same', async () => {
    const arabic = String(fixture.tenantA.electricityId).replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    const [plain, written] = [
      await admin.get(`/api/services/${fixture.tenantA.electricityId}/customers/`),
      await admin.get(`/api/services/${arabic}/customers/`),
    ];
    expect(written.statusCode).toBe(200);
    expect(written.json().count).toBe(plain.json().count);
    // No read of its own: as many statements as the plain id.
    expect(await statementsOf(() => admin.get(`/api/services/${arabic}/customers/`))).toEqual(
      await statementsOf(() => admin.get(`/api/services/${fixture.tenantA.electricityId}/customers/`)),
    );
  });

  it('a service disabled a moment ago refuses the next write (read again on every request)', async () => {
    const serviceId = fixture.tenantA.waterId;
    expect((await admin.get(`/api/services/${serviceId}/customers/`)).statusCode).toBe(200);
    await context.db.update(services).set({ isActive: false }).where(eq(services.id, serviceId));
    try {
      const refused = await admin.post(`/api/services/${serviceId}/customers/`, { code: 'W-X1', full_name: 'Refused' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('service_inactive');
    } finally {
      await context.db.update(services).set({ isActive: true }).where(eq(services.id, serviceId));
    }
  });
});
