import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, isPostgres, type TestContext } from '../../test/harness';
import { selectRows } from '../scope/codes';
import { seedBillingDemo } from '../seed/billing-demo';

let context: TestContext;
let fixture: Fixture;

const NOW = new Date('2026-11-21T10:00:00Z');

/** The counters and rollups the triggers keep, next to the same figures computed from every row. */
async function kept() {
  const db = context.db;
  return {
    counts: await selectRows(
      db,
      sql`select tenant_id, service_id, status, sum(invoices)::int as n from invoice_counts group by 1, 2, 3 having sum(invoices) <> 0 order by 1, 2, 3`,
    ),
    invoices: await selectRows(
      db,
      sql`select tenant_id, service_id, issued_on::text, due_on::text, status, sum(invoices)::int as n, sum(total)::text as total, sum(amount_paid)::text as paid
          from invoice_rollups group by 1, 2, 3, 4, 5 having sum(invoices) <> 0 or sum(total) <> 0 or sum(amount_paid) <> 0 order by 1, 2, 3, 4, 5`,
    ),
    payments: await selectRows(
      db,
      sql`select tenant_id, service_id, paid_on::text, received_by, sum(payments)::int as n, sum(amount)::text as amount
          from payment_rollups group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    ),
  };
}

async function recomputed() {
  const db = context.db;
  return {
    counts: await selectRows(
      db,
      sql`select tenant_id, service_id, status, count(*)::int as n from invoices group by 1, 2, 3 order by 1, 2, 3`,
    ),
    invoices: await selectRows(
      db,
      sql`select tenant_id, service_id, issued_on::text, due_on::text, status, count(*)::int as n, sum(total)::text as total, sum(amount_paid)::text as paid
          from invoices group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    ),
    payments: await selectRows(
      db,
      sql`select p.tenant_id, p.service_id, (p.paid_at at time zone coalesce(nullif(s.timezone, ''), 'UTC'))::date::text as paid_on, coalesce(p.received_by, 0) as received_by,
            count(*)::int as n, sum(p.amount)::text as amount
          from payments p left join settings s on s.tenant_id = p.tenant_id group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    ),
  };
}

/** A repeatable sequence in [0, 1) (a linear congruential generator): the same writes on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

beforeAll(async () => {
  context = await createTestContext();
  context.clock.set(NOW);
  fixture = await createFixture(context);
  for (const tenant of [fixture.tenantA, fixture.tenantB]) {
    await seedBillingDemo(context.db, {
      tenantId: tenant.id,
      customersPerService: { Electricity: 8, Water: 3 },
      staff: { adminId: tenant.users.admin, officeIds: [tenant.users.admin, tenant.users.accountant], collectorId: tenant.users.collector },
      now: NOW,
    });
  }
});

afterAll(async () => {
  await context?.close();
});

describe('counters and rollups kept by the triggers (migration 0006)', () => {
  it('equal a full recomputation after the seed', async () => {
    const figures = await kept();
    expect(figures.invoices.length).toBeGreaterThan(10);
    expect(figures.payments.length).toBeGreaterThan(10);
    expect(figures).toEqual(await recomputed());
  });

  it('equal a full recomputation after random inserts, updates, deletes and a timezone change', async () => {
    const db = context.db;
    const random = seededRandom(18);
    const statuses = ['unpaid', 'partially_paid', 'paid', 'cancelled'];
    for (let round = 0; round < 40; round += 1) {
      const action = Math.floor(random() * 6);
      const offset = Math.floor(random() * 50);
      if (action === 0) {
        // Several invoices in one statement, copied from existing ones with other days and amounts.
        await db.execute(sql`insert into invoices (tenant_id, service_id, number, customer_id, period_start, period_end, issued_on, due_on, subtotal, tax, total, amount_paid, status)
          select tenant_id, service_id, number || '-r' || ${round}::int || '-' || id, customer_id, period_start, period_end, issued_on + ${offset}::int, due_on + ${offset}::int, subtotal, tax, total + ${offset}::int, 0, 'unpaid'
          from invoices order by id offset ${offset}::int limit 3`);
      } else if (action === 1) {
        await db.execute(sql`update invoices set status = ${statuses[round % 4]}, amount_paid = least(total, amount_paid + ${offset * 10}::int)
          where id in (select id from invoices order by id offset ${offset}::int limit 4)`);
      } else if (action === 2) {
        await db.execute(
          sql`update invoices set due_on = due_on - ${offset}::int, issued_on = issued_on - 1 where id in (select id from invoices order by id desc offset ${offset}::int limit 2)`,
        );
      } else if (action === 3) {
        // An update that moves no figure (only notes) must leave the rollups as they are.
        await db.execute(
          sql`update invoices set notes = 'seen' where id in (select id from invoices order by id offset ${offset}::int limit 5)`,
        );
      } else if (action === 4) {
        await db.execute(sql`insert into payments (tenant_id, service_id, invoice_id, customer_id, amount, paid_at, received_by)
          select tenant_id, service_id, id, customer_id, ${offset + 1}::int, now() - make_interval(hours => ${offset * 7}::int), ${round % 3 === 0 ? null : fixture.tenantA.users.collector}
          from invoices order by id offset ${offset}::int limit 3`);
      } else {
        const [victim] = await selectRows<{ id: number }>(
          db,
          sql`select i.id from invoices i where not exists (select 1 from payments p where p.invoice_id = i.id) order by i.id desc offset ${offset}::int limit 1`,
        );
        if (victim) {
          await db.execute(
            sql`delete from invoice_line_pricing where invoice_line_id in (select id from invoice_lines where invoice_id = ${victim.id})`,
          );
          await db.execute(sql`delete from billed_consumption where invoice_id = ${victim.id}`);
          await db.execute(sql`delete from invoice_lines where invoice_id = ${victim.id}`);
          await db.execute(sql`delete from invoices where id = ${victim.id}`);
        }
      }
      if (round === 20) await db.execute(sql`update settings set timezone = 'Asia/Kathmandu' where tenant_id = ${fixture.tenantA.id}`);
    }
    expect(await kept()).toEqual(await recomputed());
  });

  it('keep the customer counts (migration 0020) equal to a full count after random creates, status changes, moves and deletes', async () => {
    const db = context.db;
    const keptCustomers = () =>
      selectRows(
        db,
        sql`select tenant_id, service_id, status, sum(customers)::int as n from customer_counts group by 1, 2, 3 having sum(customers) <> 0 order by 1, 2, 3`,
      );
    const countedCustomers = () =>
      selectRows(db, sql`select tenant_id, service_id, status, count(*)::int as n from customers group by 1, 2, 3 order by 1, 2, 3`);
    expect((await keptCustomers()).length).toBeGreaterThan(2);
    expect(await keptCustomers()).toEqual(await countedCustomers());
    const random = seededRandom(20);
    const statuses = ['active', 'suspended', 'disconnected'];
    for (let round = 0; round < 40; round += 1) {
      const action = Math.floor(random() * 5);
      const offset = Math.floor(random() * 20);
      if (action === 0) {
        // Several customers in one statement (as an import adds them).
        await db.execute(sql`insert into customers (tenant_id, service_id, code, full_name, status)
          select tenant_id, service_id, code || '-r' || ${round}::int || '-' || id, full_name, ${statuses[round % 3]}
          from customers order by id offset ${offset}::int limit 3`);
      } else if (action === 1) {
        await db.execute(
          sql`update customers set status = ${statuses[offset % 3]} where id in (select id from customers order by id offset ${offset}::int limit 4)`,
        );
      } else if (action === 2) {
        // A balance written by a payment moves no count.
        await db.execute(
          sql`update customers set balance = balance + 100 where id in (select id from customers order by id offset ${offset}::int limit 5)`,
        );
      } else if (action === 3) {
        // A customer moved to the tenant's other service (one without invoices: a copy made above).
        await db.execute(sql`update customers c set service_id = s.id from services s
          where s.tenant_id = c.tenant_id and s.id <> c.service_id
            and c.id = (select id from customers where code like '%-r%' order by id offset ${offset}::int limit 1)`);
      } else {
        await db.execute(
          sql`delete from customers where id in (select id from customers where code like '%-r%' order by id desc offset ${offset}::int limit 2)`,
        );
      }
    }
    expect(await keptCustomers()).toEqual(await countedCustomers());
  });

  it('keep the open subscription counts (migration 0021) equal to a full count after random opens, ends, readings, moves and deletes', async () => {
    const db = context.db;
    const keptSubscriptions = () =>
      selectRows(
        db,
        sql`select tenant_id, service_id, sum(subscriptions)::int as n from subscription_counts group by 1, 2 having sum(subscriptions) <> 0 order by 1, 2`,
      );
    const countedSubscriptions = () =>
      selectRows(
        db,
        sql`select tenant_id, service_id, count(*)::int as n from subscriptions where ended_on is null group by 1, 2 order by 1, 2`,
      );
    expect((await keptSubscriptions()).length).toBeGreaterThan(2);
    expect(await keptSubscriptions()).toEqual(await countedSubscriptions());
    const random = seededRandom(21);
    // Rows this test adds start on this day, so only they are deleted.
    const added = '2031-01-01';
    for (let round = 0; round < 40; round += 1) {
      const action = Math.floor(random() * 6);
      const offset = Math.floor(random() * 10);
      if (action === 0) {
        // Several in one statement: ended copies, and an open one for each customer that has none.
        await db.execute(sql`insert into subscriptions (tenant_id, service_id, customer_id, bundle_id, started_on, ended_on)
          select tenant_id, service_id, customer_id, bundle_id, ${added}::date, ${added}::date
          from subscriptions order by id offset ${offset}::int limit 3`);
        await db.execute(sql`insert into subscriptions (tenant_id, service_id, customer_id, bundle_id, started_on)
          select distinct on (s.customer_id) s.tenant_id, s.service_id, s.customer_id, s.bundle_id, ${added}::date
          from subscriptions s
          where not exists (select 1 from subscriptions o where o.tenant_id = s.tenant_id and o.customer_id = s.customer_id and o.ended_on is null)
          order by s.customer_id, s.id limit 2`);
      } else if (action === 1) {
        await db.execute(sql`update subscriptions set ended_on = ${added}::date
          where id in (select id from subscriptions where ended_on is null order by id offset ${offset}::int limit 3)`);
      } else if (action === 2) {
        // Reopened (one customer at a time: a customer has one open subscription at most).
        await db.execute(sql`update subscriptions set ended_on = null
          where id = (select s.id from subscriptions s where s.ended_on is not null
            and not exists (select 1 from subscriptions o where o.tenant_id = s.tenant_id and o.customer_id = s.customer_id and o.ended_on is null)
            order by s.id offset ${offset}::int limit 1)`);
      } else if (action === 3) {
        // A reading writes the counter of open meters: no count moves.
        await db.execute(
          sql`update subscriptions set counter = counter + 1 where id in (select id from subscriptions order by id offset ${offset}::int limit 5)`,
        );
      } else if (action === 4) {
        // Moved to the tenant's other service.
        await db.execute(sql`update subscriptions x set service_id = s.id from services s
          where s.tenant_id = x.tenant_id and s.id <> x.service_id
            and x.id = (select id from subscriptions where started_on = ${added}::date order by id offset ${offset}::int limit 1)`);
      } else {
        await db.execute(
          sql`delete from subscriptions where id in (select id from subscriptions where started_on = ${added}::date
            order by ended_on is null desc, id desc offset ${offset % 3}::int limit 2)`,
        );
      }
    }
    expect(await keptSubscriptions()).toEqual(await countedSubscriptions());
  });

  it('roll back with the write that failed', async () => {
    const before = await kept();
    await expect(
      context.db.transaction(async (tx) => {
        await tx.execute(sql`update invoices set status = 'paid', amount_paid = total where tenant_id = ${fixture.tenantA.id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await kept()).toEqual(before);
  });
});

describe('invoice rollups in slots (migration 0022)', () => {
  // Two connections are needed to see one writer wait for another: PGlite runs one at a time.
  it.runIf(isPostgres)('two payments of the same month move their rollups at once, neither waits for the other', async () => {
    const db = context.db;
    const [pair] = await selectRows<{ a: number; b: number }>(
      db,
      sql`select i.id as a, j.id as b from invoices i
          join invoices j on j.tenant_id = i.tenant_id and j.service_id = i.service_id and j.issued_on = i.issued_on
            and j.due_on = i.due_on and j.status = i.status and j.id % 16 <> i.id % 16
          where i.status = 'unpaid' order by i.id, j.id limit 1`,
    );
    expect(pair).toBeDefined();
    const { a, b } = pair as { a: number; b: number };
    const pay = (id: number) => sql`update invoices set status = 'paid', amount_paid = total where id = ${id}`;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let paidFirst = () => {};
    const firstPaid = new Promise<void>((resolve) => (paidFirst = resolve));
    // The first payment holds its rollup rows until it ends (rolled back: the data stays as it was).
    const first = db
      .transaction(async (tx) => {
        await tx.execute(pay(a));
        paidFirst();
        await released;
        tx.rollback();
      })
      .catch((error: unknown) => error);
    await firstPaid;
    try {
      // On one row per day and status, this update would wait for the first and end on the timeout.
      const second = await db
        .transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '5s'`);
          await tx.execute(pay(b));
          tx.rollback();
        })
        .catch((error: unknown) => error);
      expect(second).toBeInstanceOf(TransactionRollbackError);
    } finally {
      release();
    }
    expect(await first).toBeInstanceOf(TransactionRollbackError);
    expect(await kept()).toEqual(await recomputed());
  });
});
