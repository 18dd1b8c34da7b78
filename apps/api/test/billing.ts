import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import type { Client } from './harness';
import type { Fixture, TenantFixture } from './fixtures';

export const ROLES_UNDER_TEST = ['admin', 'accountant', 'support', 'collector', 'superadmin'] as const;
export type RoleUnderTest = (typeof ROLES_UNDER_TEST)[number];

/** One signed-in client per role of tenant A (and the superadmin). */
export async function signInRoles(fixture: Fixture, prefix = 'a'): Promise<Record<RoleUnderTest, Client>> {
  const entries = await Promise.all(
    ROLES_UNDER_TEST.map(async (role) => [role, await fixture.as(role === 'superadmin' ? 'superadmin' : `${prefix}.${role}`)] as const),
  );
  return Object.fromEntries(entries) as Record<RoleUnderTest, Client>;
}

export const servicePath = (tenant: TenantFixture, rest: string, service: 'electricity' | 'water' = 'electricity') =>
  `/api/services/${service === 'electricity' ? tenant.electricityId : tenant.waterId}/${rest}`;

export interface PermissionCase {
  name: string;
  allowed: readonly RoleUnderTest[];
  call: (client: Client) => Promise<LightMyRequestResponse>;
}

/**
 * Calls a route with every role: the allowed ones must not get a 403 (nor a 401 or a 500), the
 * others must get exactly the permission 403.
 */
export async function expectPermissions(clients: Record<RoleUnderTest, Client>, cases: PermissionCase[]) {
  const failures: string[] = [];
  for (const testCase of cases) {
    for (const role of ROLES_UNDER_TEST) {
      const response = await testCase.call(clients[role]);
      const allowed = testCase.allowed.includes(role);
      if (allowed && [401, 403].includes(response.statusCode))
        failures.push(`${testCase.name} as ${role}: ${response.statusCode}, expected allowed`);
      if (response.statusCode >= 500) failures.push(`${testCase.name} as ${role}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (!allowed && response.statusCode !== 403) failures.push(`${testCase.name} as ${role}: ${response.statusCode}, expected 403`);
      if (!allowed && response.statusCode === 403) expect(response.json()).toMatchObject({ code: 'permission_denied' });
    }
  }
  expect(failures).toEqual([]);
}

interface InvariantRow {
  [key: string]: unknown;
}

async function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<InvariantRow[]> {
  const result = (await db.execute(query)) as unknown as { rows: InvariantRow[] };
  return result.rows;
}

/**
 * The money invariants of docs/product/domain.md, scanned over every row of the database: they must hold
 * after any sequence of money writes.
 */
export async function expectMoneyInvariants(db: Db, options: { audits?: boolean } = {}) {
  const problems: string[] = [];
  const invoicesBroken = await rowsOf(
    db,
    sql`select i.id, i.number, i.subtotal::text, i.tax::text, i.total::text, i.amount_paid::text, i.status,
          coalesce((select sum(l.amount) from invoice_lines l where l.invoice_id = i.id), 0)::text as lines_sum,
          coalesce((select sum(p.amount) from payments p where p.invoice_id = i.id), 0)::text as payments_sum
        from invoices i
        where i.subtotal <> coalesce((select sum(l.amount) from invoice_lines l where l.invoice_id = i.id), 0)
           or i.total <> i.subtotal + i.tax
           or i.amount_paid < 0 or i.amount_paid > i.total
           or i.amount_paid <> coalesce((select sum(p.amount) from payments p where p.invoice_id = i.id), 0)
           or (i.status = 'paid') <> (i.total - i.amount_paid = 0 and i.status <> 'cancelled')
           or (i.status = 'unpaid' and i.amount_paid <> 0)
           or (i.status = 'partially_paid' and (i.amount_paid = 0 or i.amount_paid = i.total))
           or (i.status = 'cancelled' and i.amount_paid <> 0)`,
  );
  for (const row of invoicesBroken) problems.push(`invoice ${JSON.stringify(row)}`);
  const balancesBroken = await rowsOf(
    db,
    // Credit (docs/accounts.md) is money paid beyond the invoices: it lowers the balance, and is the sum of its movements.
    sql`select c.id, c.balance::text, c.credit::text,
          coalesce((select sum(i.total - i.amount_paid) from invoices i where i.customer_id = c.id and i.status <> 'cancelled'), 0)::text as expected
        from customers c
        where c.balance <> coalesce((select sum(i.total - i.amount_paid) from invoices i where i.customer_id = c.id and i.status <> 'cancelled'), 0) - c.credit
           or c.credit < 0
           or c.credit <> coalesce((select sum(m.amount) from credit_movements m where m.customer_id = c.id), 0)`,
  );
  for (const row of balancesBroken) problems.push(`customer balance ${JSON.stringify(row)}`);
  const numbering = await rowsOf(
    db,
    sql`select s.tenant_id, s.last_invoice_number, count(i.id)::int as invoices, count(distinct i.number)::int as numbers
        from settings s left join invoices i on i.tenant_id = s.tenant_id
        group by s.tenant_id, s.last_invoice_number
        having s.last_invoice_number <> count(i.id) or count(i.id) <> count(distinct i.number)`,
  );
  for (const row of numbering) problems.push(`numbering ${JSON.stringify(row)}`);
  const readings = await rowsOf(
    db,
    sql`select id from meter_readings where kind = 'reading' and previous_value is not null and value < previous_value`,
  );
  for (const row of readings) problems.push(`negative reading ${JSON.stringify(row)}`);
  const audits = await rowsOf(
    db,
    sql`select
          (select count(*) from payments)::int as payments,
          (select count(*) from audit_log where entity = 'payment')::int as payment_audits,
          (select count(*) from invoices)::int as invoices,
          (select count(*) from audit_log where entity = 'invoice' and action = 'create')::int as invoice_audits,
          (select count(*) from invoices where status = 'cancelled')::int as cancelled,
          (select count(*) from audit_log where entity = 'invoice' and action = 'cancel')::int as cancel_audits,
          (select count(*) from meter_readings)::int as readings,
          (select count(*) from audit_log a
             where a.entity = 'reading' and a.action in ('update_counter', 'reset_counter'))::int as audited_readings,
          (select count(*) from meter_readings r where exists (select 1 from audit_log a
             where a.entity = 'reading' and a.action in ('update_counter', 'reset_counter') and a.entity_id = r.id::text))::int
             as distinct_audited_readings`,
  );
  const audit = audits[0] as Record<string, number>;
  // Demo data is written in bulk, not through the API: it has no audit rows to count.
  if (options.audits === false) {
    expect(problems).toEqual([]);
    return;
  }
  if (audit.payments !== audit.payment_audits) problems.push(`payments ${audit.payments} vs audit rows ${audit.payment_audits}`);
  if (audit.invoices !== audit.invoice_audits) problems.push(`invoices ${audit.invoices} vs audit rows ${audit.invoice_audits}`);
  if (audit.cancelled !== audit.cancel_audits) problems.push(`cancelled ${audit.cancelled} vs audit rows ${audit.cancel_audits}`);
  // Each reading appended has one audit row whose entity is that reading (a reset with a final reading: two rows).
  if (audit.readings !== audit.audited_readings || audit.audited_readings !== audit.distinct_audited_readings) {
    problems.push(`readings ${audit.readings} vs audited ${audit.audited_readings} (${audit.distinct_audited_readings} distinct)`);
  }
  expect(problems).toEqual([]);
}

/**
 * Tests bill months before the day they made the customer: a period may not start before the
 * subscription started (docs/billing.md), so its subscriptions are dated back, as if it joined then.
 */
export async function backdateSubscriptions(db: Db, customerId: number, startedOn = '2026-01-01') {
  await db.execute(sql`update subscriptions set started_on = ${startedOn} where customer_id = ${customerId} and started_on > ${startedOn}`);
}
