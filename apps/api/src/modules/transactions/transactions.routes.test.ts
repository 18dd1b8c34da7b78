import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let accountant: Client;

const PATH = '/api/transaction/transactions/';

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  accountant = clients.accountant;
});
afterAll(async () => context?.close());

describe('transactions', () => {
  it("records a collector's handover to the office", async () => {
    const { users } = fixture.tenantA;
    const response = await accountant.post(PATH, {
      kind: 'handover',
      amount: '٥٠',
      from_user: users.collector,
      description: 'Building A round',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      kind: 'handover',
      amount: '50.00',
      from_user: users.collector,
      from_user_name: 'collector A',
      to_user: users.accountant,
      to_user_name: 'accountant A',
      created_by: users.accountant,
      description: 'Building A round',
    });
  });

  it('refuses users of another tenant, bad amounts and a handover without its giver', async () => {
    const { users } = fixture.tenantA;
    const otherTenant = await accountant.post(PATH, { kind: 'handover', amount: '10', from_user: fixture.tenantB.users.collector });
    expect(otherTenant.statusCode).toBe(400);
    expect(otherTenant.json()).toMatchObject({ from_user: [`Invalid pk "${fixture.tenantB.users.collector}" - object does not exist.`] });
    expect((await accountant.post(PATH, { kind: 'expense', amount: '10', to_user: fixture.tenantB.users.admin })).json()).toHaveProperty(
      'to_user',
    );
    expect((await accountant.post(PATH, { kind: 'expense', amount: '10', service: fixture.tenantB.electricityId })).json()).toHaveProperty(
      'service',
    );
    expect((await accountant.post(PATH, { kind: 'handover', amount: '10' })).json()).toHaveProperty('from_user');
    expect((await accountant.post(PATH, { kind: 'expense', amount: '-10' })).json()).toHaveProperty('amount');
    expect((await accountant.post(PATH, { kind: 'expense', amount: '0' })).json()).toHaveProperty('amount');
    expect((await accountant.post(PATH, { kind: 'expense', amount: '1.001' })).json()).toHaveProperty('amount');
    expect((await accountant.post(PATH, { kind: 'gift', amount: '1' })).json()).toHaveProperty('kind');
    expect(
      (
        await accountant.post(PATH, {
          kind: 'adjustment',
          amount: '-2.50',
          description: 'Rounding',
          service: fixture.tenantA.electricityId,
        })
      ).json(),
    ).toMatchObject({ amount: '-2.50', service: fixture.tenantA.electricityId });
    expect((await accountant.post(PATH, { kind: 'deposit', amount: '100', to_user: users.admin })).statusCode).toBe(201);
  });

  it("lists with filters and CSV, only the caller's tenant", async () => {
    const b = await fixture.as('b.accountant');
    await b.post(PATH, { kind: 'expense', amount: '7' });
    const list = (await accountant.get(`${PATH}?ordering=amount`)).json();
    expect(list.count).toBe(3);
    expect(list.results.map((row: { amount: string }) => row.amount)).toEqual(['-2.50', '50.00', '100.00']);
    expect((await accountant.get(`${PATH}?kind=handover`)).json().count).toBe(1);
    expect((await accountant.get(`${PATH}?from_user=${fixture.tenantA.users.collector}`)).json().count).toBe(1);
    expect((await accountant.get(`${PATH}?from_user=${fixture.tenantB.users.collector}`)).statusCode).toBe(400);
    const today = context.clock.now().toISOString().slice(0, 10);
    expect((await accountant.get(`${PATH}?date_from=${today}&date_to=${today}`)).json().count).toBe(3);
    // Numeric cells stay as they are (only text cells starting with = + - @ are escaped).
    expect((await accountant.get(`${PATH}?format=csv`)).body).toContain(',adjustment,-2.50,');
  });

  it('replays with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'expense-1' };
    const first = await accountant.post(PATH, { kind: 'expense', amount: '12' }, headers);
    const second = await accountant.post(PATH, { kind: 'expense', amount: '12' }, headers);
    expect(second.json()).toEqual(first.json());
    expect((await accountant.post(PATH, { kind: 'expense', amount: '13' }, headers)).statusCode).toBe(422);
  });

  it('follows the rule table', async () => {
    await expectPermissions(clients, [
      { name: 'GET transactions', allowed: ['admin', 'accountant'], call: (client) => client.get(PATH) },
      {
        name: 'POST transactions',
        allowed: ['admin', 'accountant'],
        call: (client) => client.post(PATH, { kind: 'expense', amount: '1' }),
      },
    ]);
  });
});
