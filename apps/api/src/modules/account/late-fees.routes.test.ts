import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { createFixture, type Fixture } from '../../../test/fixtures';
import { createTestContext, type Client, type TestContext } from '../../../test/harness';
import { backdateSubscriptions, expectMoneyInvariants, servicePath } from '../../../test/billing';
import { runBillingJob } from '../../../test/jobs';

let context: TestContext;
let fixture: Fixture;
let admin: Client;
let settingsId: number;

const path = (rest: string) => servicePath(fixture.tenantA, rest);
const lateFeeLines = (invoice: { lines: { description: string; amount: string }[] }) =>
  invoice.lines.filter((line) => line.description.startsWith('Late fee'));

async function runMonth(month: string, last: string) {
  return runBillingJob(admin, path('invoices/generate/'), { period_start: `${month}-01`, period_end: `${month}-${last}` });
}

const invoiceOf = async (id: number) => (await admin.get(path(`invoices/${id}/`))).json();

beforeAll(async () => {
  context = await createTestContext();
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
  settingsId = (await admin.get('/api/config/')).json().id;
});
afterAll(async () => context?.close());

describe('late fee of the billing run', () => {
  it('is off by default, then added once per invoice overdue more than N days', async () => {
    const bundle = (await admin.post(path('bundles/'), { name: 'Flat 10', price: '10', unit_price: '0' })).json().id;
    const customer = (await admin.post(path('customers/'), { initial_reading: '0', full_name: 'Late Payer', bundle })).json().id;
    await backdateSubscriptions(context.db, customer);
    // September's invoice falls due on 10-16 (15 days after 10-01).
    context.clock.set(new Date('2026-10-01T08:00:00Z'));
    expect((await runMonth('2026-09', '30')).invoices).toHaveLength(1);
    context.clock.set(new Date('2026-11-01T08:00:00Z'));
    const october = (await runMonth('2026-10', '31')).invoices;
    expect(october).toHaveLength(1);
    expect(lateFeeLines(await invoiceOf(first(october)))).toEqual([]);

    expect(
      (await admin.put(`/api/config/${settingsId}/`, { late_fee_kind: 'fixed', late_fee_value: '2.5', late_fee_after_days: 10 })).json(),
    ).toMatchObject({
      late_fee_kind: 'fixed',
      late_fee_value: '2.500',
      late_fee_after_days: 10,
    });
    // On 12-01: September's (due 10-16) and October's (due 11-16) are overdue more than 10 days.
    context.clock.set(new Date('2026-12-01T08:00:00Z'));
    const november = (await runMonth('2026-11', '30')).invoices;
    const detail = await invoiceOf(first(november));
    expect(lateFeeLines(detail).map((line: { amount: string }) => line.amount)).toEqual(['2.50', '2.50']);
    expect(detail.total).toBe('15.00');
    expect((await admin.get(path(`customers/${customer}/`))).json().balance).toBe('35.00');

    // A month later the same invoices are not charged again; November's own (due 12-16) is.
    await admin.put(`/api/config/${settingsId}/`, { late_fee_kind: 'percent', late_fee_value: '10' });
    context.clock.set(new Date('2027-01-01T08:00:00Z'));
    const december = (await runMonth('2026-12', '31')).invoices;
    const next = await invoiceOf(first(december));
    expect(lateFeeLines(next)).toEqual([expect.objectContaining({ description: `Late fee: ${detail.number}`, amount: '1.50' })]);
    await admin.put(`/api/config/${settingsId}/`, { late_fee_kind: 'none' });
    await expectMoneyInvariants(context.db);
  });

  it('refuses a bad late fee setting', async () => {
    const bad = await admin.put(`/api/config/${settingsId}/`, { late_fee_kind: 'daily', late_fee_value: '-1', late_fee_after_days: -2 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['late_fee_after_days', 'late_fee_kind', 'late_fee_value']);
  });
});
