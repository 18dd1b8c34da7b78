import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
let settingsId: number;

const path = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  settingsId = (await admin.get('/api/config/')).json().id;
});
afterAll(async () => context?.close());

describe('second currency and cash rounding in the settings', () => {
  it('has none by default', async () => {
    expect((await admin.get('/api/config/')).json()).toMatchObject({
      second_currency: null,
      second_currency_decimals: null,
      cash_rounding: {},
    });
  });

  it('refuses a month rate before a second currency is chosen', async () => {
    const response = await admin.post(path('exchange-rates/'), { month: '2026-10', rate: '89500' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'second_currency_missing' });
  });

  it('sets LBP as the second currency with a 1,000 LBP cash step, exactly', async () => {
    const response = await admin.put(`/api/config/${settingsId}/`, { second_currency: 'lbp', cash_rounding: { LBP: '1000', USD: '0.05' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      currency: 'USD',
      second_currency: 'LBP',
      second_currency_decimals: 0,
      cash_rounding: { LBP: '1000', USD: '0.05' },
    });
  });

  it.each([
    [{ second_currency: 'USD' }, 'second_currency'],
    [{ second_currency: 'XYZ' }, 'second_currency'],
    [{ cash_rounding: { EUR: '1' } }, 'cash_rounding.EUR'],
    [{ cash_rounding: { USD: '0.001' } }, 'cash_rounding.USD'],
    [{ cash_rounding: { LBP: '0' } }, 'cash_rounding.LBP'],
    [{ cash_rounding: { LBP: 'lots' } }, 'cash_rounding.LBP'],
  ])('refuses %j on its field and changes nothing', async (body, field) => {
    const response = await admin.put(`/api/config/${settingsId}/`, body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toContain(field);
    expect((await admin.get('/api/config/')).json()).toMatchObject({ second_currency: 'LBP', cash_rounding: { LBP: '1000', USD: '0.05' } });
  });

  it('takes the map as JSON text from a multipart form', async () => {
    const boundary = '----meterline';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="cash_rounding"',
      '',
      '{"LBP":"500"}',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const response = await admin.request({
      method: 'PUT',
      url: `/api/config/${settingsId}/`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().cash_rounding).toEqual({ LBP: '500' });
  });
});

describe('exchange rates', () => {
  it('sets the month rate (201), replaces it (200) and lists the months newest first', async () => {
    const created = await admin.post(path('exchange-rates/'), { month: '2026-10', rate: '89500' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ currency: 'LBP', month: '2026-10', rate: '89500.000000', set_by: fixture.tenantA.users.admin });
    expect((await clients.accountant.post(path('exchange-rates/'), { month: '2026-11', rate: '٨٩٧٠٠٫٥' })).statusCode).toBe(201);
    const replaced = await clients.accountant.post(path('exchange-rates/'), { month: '2026-10', rate: '89600' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: created.json().id, rate: '89600.000000', set_by: fixture.tenantA.users.accountant });
    const list = (await admin.get(path('exchange-rates/'))).json();
    expect(list.results.map((row: { month: string; rate: string }) => [row.month, row.rate])).toEqual([
      ['2026-11', '89700.500000'],
      ['2026-10', '89600.000000'],
    ]);
    const audits = await context.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'exchange_rate'), eq(auditLog.entityId, String(created.json().id))));
    expect(audits.map((row) => row.action).sort()).toEqual(['create', 'update']);
  });

  it('is the same list from every service of the tenant, and never another tenant’s', async () => {
    expect((await admin.get(path('exchange-rates/', 'water'))).json().count).toBe(2);
    const other = await fixture.as('b.admin');
    expect((await other.get(servicePath(fixture.tenantB, 'exchange-rates/'))).json().count).toBe(0);
    expect((await other.get(path('exchange-rates/'))).statusCode).toBe(404);
  });

  it.each([
    [{ month: '2026-10', rate: '0' }],
    [{ month: '2026-10', rate: '-3' }],
    [{ month: '2026-10', rate: '1.1234567' }],
    [{ month: 'October', rate: '1' }],
    [{ rate: '1' }],
  ])('refuses %j with a 400', async (body) => {
    expect((await admin.post(path('exchange-rates/'), body)).statusCode).toBe(400);
  });

  it('office staff only', async () => {
    await expectPermissions(clients, [
      { name: 'list', allowed: ['admin', 'accountant'], call: (client) => client.get(path('exchange-rates/')) },
      {
        name: 'set',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(path('exchange-rates/'), { month: '2026-09', rate: '89000' }),
      },
    ]);
  });
});
