import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../test/harness';
import { expectMoneyInvariants, servicePath } from '../../test/billing';
import { seedBillingDemo } from './billing-demo';

const NOW = new Date('2026-11-20T10:00:00Z');
let context: TestContext;
let fixture: Fixture;
let admin: Client;

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(NOW);
  fixture = await createFixture(context);
  const users = fixture.tenantA.users;
  await seedBillingDemo(context.db, {
    tenantId: fixture.tenantA.id,
    customersPerService: { Electricity: 8, Water: 2 },
    staff: { adminId: users.admin, officeIds: [users.admin], collectorId: users.collector },
    now: NOW,
    withTariffs: true,
  });
  admin = await fixture.as('a.admin');
});
afterAll(async () => context?.close());

describe('demo tariffs (issue 14)', () => {
  it('gives twelve monthly tariffs and a tiered one, the months’ LBP rates, and prices the demo invoices with them', async () => {
    const tariffs = (await admin.get(servicePath(fixture.tenantA, 'tariffs/?page_size=50'))).json();
    expect(tariffs.count).toBe(13);
    expect(tariffs.results.filter((tariff: { tiers: unknown }) => tariff.tiers !== null)).toHaveLength(1);
    expect(new Set(tariffs.results.map((tariff: { unit_price: string }) => tariff.unit_price)).size).toBeGreaterThan(5);
    const rates = (await admin.get(servicePath(fixture.tenantA, 'exchange-rates/'))).json();
    expect(rates.count).toBe(12);
    const list = (await admin.get(servicePath(fixture.tenantA, 'invoices/?page_size=5&ordering=id'))).json();
    const detail = (await admin.get(servicePath(fixture.tenantA, `invoices/${list.results[0].id}/`))).json();
    expect(detail.second_currency).toBe('LBP');
    expect(detail.exchange_rate).toMatch(/^89\d{3}\.000000$/);
    const consumption = detail.lines.filter((line: { pricing: unknown }) => line.pricing !== null);
    expect(consumption.length).toBeGreaterThan(0);
    // The first months' readings may begin before the first tariff: those kWh keep the bundle's price.
    expect(consumption.some((line: { pricing: { tariff: number | null } }) => line.pricing.tariff !== null)).toBe(true);
    const priced = consumption.find((line: { pricing: { tariff: number | null } }) => line.pricing.tariff !== null);
    expect((await admin.get(servicePath(fixture.tenantA, `tariffs/${priced.pricing.tariff}/`))).json().is_in_use).toBe(true);
    await expectMoneyInvariants(context.db, { audits: false });
  });
});
