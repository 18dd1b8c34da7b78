import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { first, defined, nth } from '@meterline/contract/invariant';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { clientWithToken, createTestContext, signIn, type Client, type TestContext } from '../../../test/harness';
import { buildMultipart, PNG_1X1 } from '../../../test/multipart';

/**
 * Every write route of the API leaves exactly one audit row, in the database that holds the
 * changed data: platform rows (tenants, users) in `default`, tenant B's business data on `second`.
 */
let context: TestContext;
let fixture: Fixture;

beforeAll(async () => {
  context = await createTestContext({ aliases: ['second'], env: { LOGIN_FAILURES_PER_IP_PER_MINUTE: '1000' } });
  fixture = await createFixture(context, { tenantBAlias: 'second' });
});
afterAll(async () => context?.close());

type Where = 'default' | 'second' | 'nowhere';
interface Step {
  name: string;
  where: Where;
  status: number;
  run: () => Promise<LightMyRequestResponse>;
}

const countRows = async (db: Db) => Number(first(await db.select({ n: count() }).from(auditLog)).n);
const nowSeconds = () => Math.floor(context.clock.now().getTime() / 1000);

describe('audit log', () => {
  it('records each write route exactly once, in the right database, never with secrets', async () => {
    const secrets: string[] = [];
    const state: Record<string, number> = {};
    const clients: { temp?: Client } = {};
    const temp = () => defined(clients.temp, 'the temporary user signed in by an earlier step');
    const superadmin = await fixture.as('superadmin');
    const bAdmin = await fixture.as('b.admin');
    let otpSecret = '';
    let resetLink = '';
    const b = fixture.tenantB;
    const configId = (await bAdmin.get('/api/config/')).json().id;

    const steps: Step[] = [
      {
        name: 'create user',
        where: 'default',
        status: 201,
        run: async () => {
          const response = await bAdmin.post('/api/auth/users/', {
            username: 'b.temp',
            password: 'first-pass-1',
            role: 'support',
            email: 'temp@example.com',
          });
          state.temp = response.json().id;
          secrets.push('first-pass-1');
          return response;
        },
      },
      {
        name: 'update user',
        where: 'default',
        status: 200,
        run: () => bAdmin.put(`/api/auth/users/${state.temp}/`, { phone: '+961 3 000' }),
      },
      {
        name: 'reset a staff password',
        where: 'default',
        status: 200,
        run: async () => {
          const response = await bAdmin.post(`/api/auth/users/${state.temp}/reset_password/`);
          secrets.push(response.json().np);
          return response;
        },
      },
      {
        name: 'sign in (not audited: token bookkeeping)',
        where: 'nowhere',
        status: 200,
        run: async () => {
          const response = await context.app.inject({
            method: 'POST',
            url: '/api/auth/jwt/create/',
            payload: { username: 'b.temp', password: secrets[1] },
          });
          clients.temp = clientWithToken(context.app, response.json().access);
          return response;
        },
      },
      {
        name: 'update own profile',
        where: 'default',
        status: 200,
        run: () => temp().put(`/api/auth/users/${state.temp}/`, { first_name: 'Temp' }),
      },
      {
        name: 'upload own picture (multipart)',
        where: 'default',
        status: 200,
        run: () => {
          const { payload, headers } = buildMultipart({}, { avatar: { filename: 'me.png', contentType: 'image/png', data: PNG_1X1 } });
          return temp().request({ method: 'POST', url: '/api/auth/users/me/avatar/', payload, headers });
        },
      },
      { name: 'remove own picture', where: 'default', status: 204, run: () => temp().delete('/api/auth/users/me/avatar/') },
      {
        name: 'set own password',
        where: 'default',
        status: 204,
        run: async () => {
          secrets.push('second-pass-2');
          const response = await temp().post('/api/auth/users/set_password/', {
            current_password: secrets[1],
            new_password: 'second-pass-2',
          });
          clients.temp = await signIn(context.app, 'b.temp', 'second-pass-2');
          return response;
        },
      },
      {
        name: 'start one-time codes',
        where: 'default',
        status: 200,
        run: async () => {
          const response = await temp().post('/api/auth/users/me/otp/');
          otpSecret = response.json().secret;
          secrets.push(otpSecret);
          return response;
        },
      },
      {
        name: 'confirm one-time codes',
        where: 'default',
        status: 204,
        run: () => temp().post('/api/auth/users/me/otp/confirm/', { code: generateSync({ secret: otpSecret, epoch: nowSeconds() - 30 }) }),
      },
      {
        name: 'turn one-time codes off',
        where: 'default',
        status: 204,
        run: () => temp().delete('/api/auth/users/me/otp/', { code: generateSync({ secret: otpSecret, epoch: nowSeconds() }) }),
      },
      {
        name: 'ask for a reset email (writes nothing)',
        where: 'nowhere',
        status: 204,
        run: async () => {
          const sentBefore = context.mailer.sent.length;
          const response = await context.app.inject({
            method: 'POST',
            url: '/api/auth/users/reset_password/',
            payload: { email: 'temp@example.com' },
          });
          // The e-mail is sent after the answer (no enumeration by timing): wait for it.
          await vi.waitFor(() => expect(context.mailer.sent.length).toBeGreaterThan(sentBefore));
          resetLink = defined(/\/reset-password\/(\S+)/.exec(nth(context.mailer.sent, -1).text)?.[1], 'a reset link in the last e-mail');
          return response;
        },
      },
      {
        name: 'confirm a password reset',
        where: 'default',
        status: 204,
        run: () => {
          const [uid, token = ''] = resetLink.split('/');
          secrets.push(token, 'third-pass-3');
          return context.app.inject({
            method: 'POST',
            url: '/api/auth/users/reset_password_confirm/',
            payload: { uid, token, new_password: 'third-pass-3' },
          });
        },
      },
      { name: 'deactivate user', where: 'default', status: 204, run: () => bAdmin.delete(`/api/auth/users/${state.temp}/`) },

      {
        name: 'create tenant',
        where: 'default',
        status: 201,
        run: async () => {
          const response = await superadmin.post('/api/tenants/', { name: 'Audit Co', slug: 'audit-co', db_alias: 'second' });
          state.tenant = response.json().id;
          return response;
        },
      },
      {
        name: 'update tenant',
        where: 'default',
        status: 200,
        run: () => superadmin.put(`/api/tenants/${state.tenant}/`, { phone: '01 000' }),
      },
      { name: 'block tenant', where: 'default', status: 200, run: () => superadmin.get(`/api/tenants/${state.tenant}/block/`) },
      { name: 'unblock tenant', where: 'default', status: 200, run: () => superadmin.get(`/api/tenants/${state.tenant}/unblock/`) },
      {
        name: 'create tenant user',
        where: 'default',
        status: 201,
        run: async () => {
          const response = await superadmin.post(`/api/tenants/${b.id}/users/`, {
            username: 'b.extra',
            password: 'extra-pass-4',
            role: 'collector',
          });
          state.extra = response.json().id;
          secrets.push('extra-pass-4');
          return response;
        },
      },
      {
        name: 'update tenant user',
        where: 'default',
        status: 200,
        run: () => superadmin.put(`/api/tenants/${b.id}/users/${state.extra}/`, { last_name: 'Extra' }),
      },
      {
        name: 'reset tenant user password',
        where: 'default',
        status: 200,
        run: async () => {
          const response = await superadmin.get(`/api/tenants/${b.id}/users/${state.extra}/reset-password/`);
          secrets.push(response.json().np);
          return response;
        },
      },

      {
        name: 'update config (JSON)',
        where: 'second',
        status: 200,
        run: () => bAdmin.put(`/api/config/${configId}/`, { invoice_footer: 'Thank you' }),
      },
      {
        name: 'upload logo (multipart)',
        where: 'second',
        status: 200,
        run: () => {
          const { payload, headers } = buildMultipart(
            { company_name: 'B Power' },
            { logo: { filename: 'l.png', contentType: 'image/png', data: PNG_1X1 } },
          );
          return bAdmin.request({ method: 'PUT', url: `/api/config/${configId}/`, payload, headers });
        },
      },
      { name: 'delete logo', where: 'second', status: 204, run: () => bAdmin.delete('/api/config/logo/') },

      {
        name: 'create region',
        where: 'second',
        status: 201,
        run: async () => {
          const response = await bAdmin.post('/api/regions/', { name: 'Audit region' });
          state.region = response.json().id;
          return response;
        },
      },
      {
        name: 'update region',
        where: 'second',
        status: 200,
        run: () => bAdmin.put(`/api/regions/${state.region}/`, { name: 'Audit region 2' }),
      },
      {
        name: 'create street',
        where: 'second',
        status: 201,
        run: async () => {
          const response = await bAdmin.post(`/api/regions/${state.region}/streets/`, { name: 'Audit street' });
          state.street = response.json().id;
          return response;
        },
      },
      {
        name: 'update street',
        where: 'second',
        status: 200,
        run: () => bAdmin.put(`/api/regions/${state.region}/streets/${state.street}/`, { name: 'Audit street 2' }),
      },
      {
        name: 'create building',
        where: 'second',
        status: 201,
        run: async () => {
          const response = await bAdmin.post(`/api/regions/${state.region}/streets/${state.street}/buildings/`, { name: 'Audit building' });
          state.building = response.json().id;
          return response;
        },
      },
      {
        name: 'update building',
        where: 'second',
        status: 200,
        run: () =>
          bAdmin.put(`/api/regions/${state.region}/streets/${state.street}/buildings/${state.building}/`, { name: 'Audit building 2' }),
      },
      {
        name: 'delete building',
        where: 'second',
        status: 204,
        run: () => bAdmin.delete(`/api/regions/${state.region}/streets/${state.street}/buildings/${state.building}/`),
      },
      {
        name: 'delete street',
        where: 'second',
        status: 204,
        run: () => bAdmin.delete(`/api/regions/${state.region}/streets/${state.street}/`),
      },
      { name: 'delete region', where: 'second', status: 204, run: () => bAdmin.delete(`/api/regions/${state.region}/`) },

      {
        name: 'a refused write (400) records nothing',
        where: 'nowhere',
        status: 400,
        run: () => bAdmin.post('/api/regions/', { name: '' }),
      },
      {
        name: 'a forbidden write (403) records nothing',
        where: 'nowhere',
        status: 403,
        run: async () => (await fixture.as('b.accountant')).post('/api/regions/', { name: 'No' }),
      },
      {
        name: 'a protected delete (409) records nothing',
        where: 'nowhere',
        status: 409,
        run: () => bAdmin.delete(`/api/regions/${b.regionId}/`),
      },
    ];

    const databases = { default: context.db, second: context.databases.get('second') };
    const mismatches: string[] = [];
    for (const step of steps) {
      const before = { default: await countRows(databases.default), second: await countRows(databases.second) };
      const response = await step.run();
      const after = { default: await countRows(databases.default), second: await countRows(databases.second) };
      const added = { default: after.default - before.default, second: after.second - before.second };
      const expected = { default: step.where === 'default' ? 1 : 0, second: step.where === 'second' ? 1 : 0 };
      if (response.statusCode !== step.status) mismatches.push(`${step.name}: status ${response.statusCode} ${response.body}`);
      if (added.default !== expected.default || added.second !== expected.second) {
        mismatches.push(`${step.name}: added ${JSON.stringify(added)}, expected ${JSON.stringify(expected)}`);
      }
    }
    expect(mismatches).toEqual([]);

    const everything = JSON.stringify([
      ...(await databases.default.select().from(auditLog)),
      ...(await databases.second.select().from(auditLog)),
    ]);
    for (const secret of secrets) expect(everything, 'an audit row holds a secret').not.toContain(secret);
    expect(everything).not.toContain('argon2');
  });

  it('keeps who, role, ip, request id, when, before and after', async () => {
    const bAdmin = await fixture.as('b.admin');
    await bAdmin.request({ method: 'POST', url: '/api/regions/', payload: { name: 'Traced' }, remoteAddress: '192.0.2.7' });
    const rows = await context.databases.get('second').select().from(auditLog);
    const row = rows.find((candidate) => (candidate.after as { name?: string } | null)?.name === 'Traced')!;
    expect(row).toMatchObject({
      tenantId: fixture.tenantB.id,
      actorId: fixture.tenantB.users.admin,
      actorRole: 'admin',
      ip: '192.0.2.7',
      action: 'create',
      entity: 'region',
      before: null,
    });
    expect(row.requestId).toMatch(/\S/);
    expect(row.at).toBeInstanceOf(Date);
  });
});
