import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { expectPermissions, servicePath, signInRoles, type RoleUnderTest } from '../../../test/billing';

let context: TestContext;
let fixture: Fixture;
let clients: Record<RoleUnderTest, Client>;
let admin: Client;
const customer: Record<string, number> = {};

const path = (rest: string, service: 'electricity' | 'water' = 'electricity') => servicePath(fixture.tenantA, rest, service);

async function bill(name: string, amount: string, month: string) {
  const response = await admin.post(path('invoices/'), {
    customer: customer[name],
    period_start: `${month}-01`,
    period_end: `${month}-28`,
    lines: [{ description: 'Monthly fee', quantity: '1', unit_price: amount }],
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; due_on: string };
}

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  clients = await signInRoles(fixture);
  admin = clients.admin;
  for (const name of ['Adel', 'Basma', 'Carla', 'Dani']) {
    customer[name] = (await admin.post(path('customers/'), { full_name: name, phone: `+9613000${name.length}` })).json().id;
  }
  // Invoices fall due 15 days after they are issued (the tenant's default).
  context.clock.set(new Date('2026-08-01T09:00:00Z'));
  const adelAugust = await bill('Adel', '25', '2026-07');
  context.clock.set(new Date('2026-09-01T09:00:00Z'));
  await bill('Adel', '30', '2026-08');
  const basma = await bill('Basma', '40', '2026-08');
  await bill('Dani', '12.5', '2026-08');
  context.clock.set(new Date('2026-09-20T09:00:00Z'));
  expect((await admin.put(path(`invoices/${adelAugust.id}/create_payment/`), { amount: '10', method: 'cash' })).statusCode).toBe(201);
  expect((await admin.put(path(`invoices/${basma.id}/create_payment/`), { method: 'cash' })).statusCode).toBe(201);
  context.clock.set(new Date('2026-10-01T09:00:00Z'));
  await bill('Carla', '50', '2026-09'); // due 2026-10-16: not overdue yet
});
afterAll(async () => context?.close());

describe('overdue follow-up', () => {
  it('lists one row per customer with an overdue balance, the longest overdue first', async () => {
    const response = await admin.get(path('overdue/'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(2);
    expect(body.results).toEqual([
      {
        customer: customer.Adel,
        customer_code: expect.stringMatching(/^C-/),
        customer_name: 'Adel',
        phone: '+96130004',
        station: null,
        region: null,
        days_overdue: 46, // due 2026-08-16
        oldest_due_on: '2026-08-16',
        overdue_invoices: 2,
        overdue_amount: '45.00', // 25 - 10 + 30
        last_payment_at: '2026-09-20T09:00:00.000Z',
        last_reminder_at: null,
      },
      expect.objectContaining({
        customer_name: 'Dani',
        days_overdue: 15,
        overdue_invoices: 1,
        overdue_amount: '12.50',
        last_payment_at: null,
      }),
    ]);
  });

  it('sorts by amount, filters the disconnection list by days, searches', async () => {
    const names = async (query: string) =>
      (await admin.get(path(`overdue/?${query}`))).json().results.map((row: { customer_name: string }) => row.customer_name);
    expect(await names('ordering=overdue_amount')).toEqual(['Dani', 'Adel']);
    expect(await names('min_days=30')).toEqual(['Adel']);
    // The whole overdue balance of the customer, not only the invoices past the threshold.
    expect((await admin.get(path('overdue/?min_days=30'))).json().results[0].overdue_amount).toBe('45.00');
    expect(await names('min_days=٤٧')).toEqual([]);
    expect(await names('search=dan')).toEqual(['Dani']);
    expect((await admin.get(path('overdue/?ordering=balance'))).statusCode).toBe(400);
  });

  it('adds the totals of every customer the filters keep with ?totals=true, not only the page, and nothing without it', async () => {
    const totalsOf = async (query: string) => (await admin.get(path(`overdue/?${query}`))).json().totals;
    expect(await totalsOf('')).toBeUndefined();
    // Adel 45.00 on 2 invoices, Dani 12.50 on 1; a page of one row still totals both.
    expect(await totalsOf('totals=true')).toEqual({ overdue_amount: '57.50', overdue_invoices: 3 });
    expect(await totalsOf('totals=true&page_size=1&page=2')).toEqual({ overdue_amount: '57.50', overdue_invoices: 3 });
    expect(await totalsOf('totals=true&min_days=30')).toEqual({ overdue_amount: '45.00', overdue_invoices: 2 });
    expect(await totalsOf('totals=true&search=dan')).toEqual({ overdue_amount: '12.50', overdue_invoices: 1 });
    expect(await totalsOf('totals=true&min_days=47')).toEqual({ overdue_amount: '0.00', overdue_invoices: 0 });
    // The rows and their shape are those of the list without totals.
    const plain = (await admin.get(path('overdue/'))).json();
    const { totals: _totals, ...withTotals } = (await admin.get(path('overdue/?totals=true'))).json();
    expect(withTotals).toEqual(plain);
    expect((await admin.get(path('overdue/?totals=maybe'))).statusCode).toBe(400);
  });

  it('follows the clock: an invoice becomes overdue the day after its due date', async () => {
    context.clock.set(new Date('2026-10-17T09:00:00Z'));
    const rows = (await admin.get(path('overdue/'))).json().results;
    expect(rows.map((row: { customer_name: string }) => row.customer_name)).toEqual(['Adel', 'Dani', 'Carla']);
    context.clock.set(new Date('2026-10-01T09:00:00Z'));
  });

  it('exports CSV with the same filters', async () => {
    const response = await admin.get(path('overdue/?format=csv&min_days=30'));
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Adel');
    expect(lines[1]).toContain('45.00');
  });

  it('never shows another tenant’s or another service’s customers', async () => {
    expect((await admin.get(path('overdue/', 'water'))).json().count).toBe(0);
    const other = await fixture.as('b.admin');
    expect((await other.get(servicePath(fixture.tenantB, 'overdue/'))).json().count).toBe(0);
    expect((await other.get(path('overdue/'))).statusCode).toBe(404);
  });

  it('is open to every role that lists invoices', async () => {
    await expectPermissions(clients, [
      { name: 'list', allowed: ['admin', 'accountant', 'support', 'collector'], call: (client) => client.get(path('overdue/')) },
    ]);
  });
});
