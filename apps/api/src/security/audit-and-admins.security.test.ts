import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first, nth } from '@meterline/contract/invariant';
import { buildApp } from '../app';
import { auditLog, users } from '../db/schema/index';
import { servicePath } from '../../test/billing';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createMemoryMailer, createTestContext, isPostgres, signIn, type TestContext } from '../../test/harness';

let context: TestContext;
let fixture: Fixture;

beforeAll(async () => {
  context = await createTestContext({ env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000' } });
  fixture = await createFixture(context);
});
afterAll(async () => context?.close());

describe('the audit log', () => {
  it('refuses TRUNCATE on every append-only table', async () => {
    for (const table of ['audit_log', 'payments', 'meter_readings']) {
      await expect(context.db.execute(sql.raw(`truncate table ${table}`))).rejects.toThrow();
    }
  });

  it("shows a station's code change", async () => {
    const admin = await fixture.as('a.admin');
    const station = await admin.post(servicePath(fixture.tenantA, 'stations/'), { name: 'Coded', code: 'ST-OLD' });
    expect(station.statusCode).toBe(201);
    expect((await admin.put(servicePath(fixture.tenantA, `stations/${station.json().id}/`), { code: 'ST-NEW' })).statusCode).toBe(200);
    const row = first(
      await context.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'station'), eq(auditLog.action, 'update'), eq(auditLog.entityId, String(station.json().id)))),
      'a row from auditLog',
    );
    expect(row.before).toMatchObject({ code: 'ST-OLD' });
    expect(row.after).toMatchObject({ code: 'ST-NEW' });
  });

  it('request ids do not repeat after a restart', async () => {
    const admin = await fixture.as('a.admin');
    expect((await admin.post(servicePath(fixture.tenantA, 'stations/'), { name: 'Before restart' })).statusCode).toBe(201);
    // The same database served by a new process (a restart).
    const restarted = await buildApp({
      config: context.config,
      databases: context.databases,
      clock: context.clock,
      mailer: createMemoryMailer(),
      logger: false,
    });
    try {
      const again = await signIn(restarted, 'a.admin', 'test-pass-123');
      expect((await again.post(servicePath(fixture.tenantA, 'stations/'), { name: 'After restart' })).statusCode).toBe(201);
    } finally {
      await restarted.close();
    }
    const rows = await context.db.select({ requestId: auditLog.requestId }).from(auditLog).where(eq(auditLog.entity, 'station'));
    const ids = rows.map((row) => row.requestId);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(String(id)))).toBe(true);
  });
});

describe('a client always keeps an admin', () => {
  it(`two admins demoting each other at once leave one admin (${isPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const admin = await fixture.as('b.admin');
    const created = await admin.post('/api/auth/users/', { username: 'b.admin2', password: 'cedar-river-lantern-7', role: 'admin' });
    expect(created.statusCode).toBe(201);
    const ids = [fixture.tenantB.users.admin, created.json().id as number];
    const names = ['b.admin', 'b.admin2'];
    let leftWithoutAdmin = 0;
    for (let round = 0; round < 5; round += 1) {
      const clients = await Promise.all(
        names.map((name) => signIn(context.app, name, name === 'b.admin' ? 'test-pass-123' : 'cedar-river-lantern-7')),
      );
      const answers = await Promise.all([
        first(clients).put(`/api/auth/users/${ids[1]}/`, { role: 'accountant' }),
        nth(clients, 1).put(`/api/auth/users/${ids[0]}/`, { role: 'accountant' }),
      ]);
      const { admins } = first(
        await context.db
          .select({ admins: count() })
          .from(users)
          .where(and(eq(users.tenantId, fixture.tenantB.id), eq(users.role, 'admin'), eq(users.isActive, true))),
      );
      if (admins === 0) leftWithoutAdmin += 1;
      // One demotion wins. The other is refused: 409 when it reaches the last-admin check, or 401
      // when the winner demoted its author first (a demotion ends the demoted user's sessions).
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      // Put the demoted one back for the next round.
      await context.db.update(users).set({ role: 'admin' }).where(inArray(users.id, ids));
    }
    console.log(`admins-demote-each-other: rounds=5 left-without-admin=${leftWithoutAdmin} engine=${isPostgres ? 'postgres' : 'pglite'}`);
    expect(leftWithoutAdmin).toBe(0);
  });
});
