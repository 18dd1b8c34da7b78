import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { databaseFault } from '../lib/http-errors';
import { expectMoneyInvariants, servicePath } from '../../test/billing';
import { createFixture, type Fixture } from '../../test/fixtures';
import { createTestContext, isPostgres, type Client, type TestContext } from '../../test/harness';

/**
 * docs/operations.md, "Faults", on PostgreSQL (TEST_DATABASE_URL): a connection cut while a transaction
 * holds it, or while it sits idle in the pool, ends the request in flight with 503
 * `database_unavailable` and never the process (an 'error' event nobody hears would end this test
 * worker too); a burst past the pool waits its turn or is answered `server_busy`, never
 * `database_unavailable`, and every request, sent again with its Idempotency-Key, happens once.
 */
const baseUrl = process.env.TEST_DATABASE_URL ?? '';

const invoiceBody = (customer: number, description: string, amount = '10.00') => ({
  customer,
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  lines: [{ description, quantity: '1', unit_price: amount }],
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Terminates every backend of the database but the caller's, as an operator or a fail-over would. */
async function terminateBackends(killer: pg.Client, database: string): Promise<number> {
  const result = await killer.query<{ terminated: boolean }>(
    'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return result.rows.filter((row) => row.terminated).length;
}

async function countOf(context: TestContext, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await context.db.execute(query)) as unknown as { rows: { n: string | number }[] };
  return Number(first(result.rows, 'a count').n);
}

describe.runIf(isPostgres)('connections cut under the API (PostgreSQL)', () => {
  let context: TestContext;
  let fixture: Fixture;
  let admin: Client;
  let killer: pg.Client;
  let databaseName: string;
  const path = (rest: string) => servicePath(fixture.tenantA, rest);

  beforeAll(async () => {
    context = await createTestContext();
    fixture = await createFixture(context);
    admin = await fixture.as('a.admin');
    const result = (await context.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    databaseName = first(result.rows, 'the database').name;
    killer = new pg.Client({ connectionString: baseUrl });
    await killer.connect();
  });

  afterAll(async () => {
    await killer?.end();
    await context?.close();
  });

  it('a transaction whose connection is cut between two statements fails as unavailable, and the process goes on', async () => {
    let failure: unknown = null;
    try {
      await context.db.transaction(async (tx) => {
        const row = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        await killer.query('select pg_terminate_backend($1)', [first(row.rows, 'the backend').pid]);
        // The client is checked out and idle in its transaction when the server cuts it: the cut
        // arrives as an 'error' event on the client, which ended the process before every client had a listener.
        await sleep(300);
        await tx.execute(sql`select 1`);
      });
    } catch (error) {
      failure = error;
    }
    expect(failure).not.toBeNull();
    expect(databaseFault(failure)).toBe('unavailable');
    // The pool dropped the dead client: the next statement gets a live one.
    expect(await countOf(context, sql`select 1 as n`)).toBe(1);
  });

  it('idle pooled connections cut all at once are replaced on the next request', async () => {
    // Warm the pool with several connections, then cut every one of them while idle.
    await Promise.all(Array.from({ length: 6 }, () => context.db.execute(sql`select pg_sleep(0.05)`)));
    expect(await terminateBackends(killer, databaseName)).toBeGreaterThan(0);
    await sleep(200);
    const answer = await admin.get(path('customers/'));
    expect(answer.statusCode).toBe(200);
  });

  it('cut again and again under load: every answer is a success or a 503, nothing is half-written, each write lands once', async () => {
    const customer = (await admin.post(path('customers/'), { full_name: 'Storm Customer' })).json() as { id: number };
    let isStorming = true;
    let cuts = 0;
    const storm = (async () => {
      while (isStorming) {
        cuts += await terminateBackends(killer, databaseName);
        await sleep(40 + Math.random() * 80);
      }
    })();

    type Sent = { key: string; description: string; answer: LightMyRequestResponse };
    const writes: Sent[] = [];
    const reads: LightMyRequestResponse[] = [];
    for (let wave = 0; wave < 8; wave += 1) {
      const batch = await Promise.all(
        Array.from({ length: 12 }, async (_, index) => {
          const key = `storm-${wave}-${index}`;
          const description = `Storm ${wave}.${index}`;
          const answer = await admin.post(path('invoices/'), invoiceBody(customer.id, description), { 'idempotency-key': key });
          return { key, description, answer };
        }),
      );
      writes.push(...batch);
      reads.push(...(await Promise.all([admin.get(path('invoices/')), admin.get(path(`customers/${customer.id}/`))])));
      // Idle time between waves: the cuts then also hit connections resting in the pool.
      await sleep(150);
    }
    isStorming = false;
    await storm;

    expect(cuts).toBeGreaterThan(10);
    const answers = [...writes.map((write) => write.answer), ...reads];
    const unexpected = answers.filter((answer) => ![200, 201, 503, 409].includes(answer.statusCode));
    expect(unexpected.map((answer) => `${answer.statusCode} ${answer.body}`)).toEqual([]);
    for (const answer of answers.filter((item) => item.statusCode === 503)) {
      expect(answer.json().code).toBe('database_unavailable');
      expect(answer.headers['retry-after']).toBeDefined();
    }
    // The fault was met by requests in flight, not only between them.
    expect(answers.filter((answer) => answer.statusCode === 503).length).toBeGreaterThan(0);

    // The same process answers normally once the cuts stop; each refused write, sent again with its
    // key, lands exactly once (a commit whose answer was lost is replayed, not repeated).
    const missing = writes.filter((write) => write.answer.statusCode !== 201);
    for (const write of missing) {
      let answer = await admin.post(path('invoices/'), invoiceBody(customer.id, write.description), { 'idempotency-key': write.key });
      // A key whose first request died holding it is "in flight" until it is released or stale.
      for (let attempt = 0; answer.statusCode === 409 && attempt < 3; attempt += 1) {
        context.clock.advance(180);
        answer = await admin.post(path('invoices/'), invoiceBody(customer.id, write.description), { 'idempotency-key': write.key });
      }
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const lines = (await context.db.execute(
      sql`select l.description, count(*)::int as n from invoice_lines l join invoices i on i.id = l.invoice_id
          where i.customer_id = ${customer.id} group by l.description`,
    )) as unknown as { rows: { description: string; n: number }[] };
    expect(lines.rows.length).toBe(writes.length);
    expect(lines.rows.filter((row) => row.n !== 1)).toEqual([]);
    await expectMoneyInvariants(context.db);
    // Every connection went back to the pool: none was lost to a cut (a transaction cut at its BEGIN
    // kept its connection checked out for good before, and the pool shrank with every such cut).
    const pool = context.databases.database('default').connections!();
    expect({ inUse: pool.inUse, waiting: pool.waiting }).toEqual({ inUse: 0, waiting: 0 });
  });
});

describe.runIf(isPostgres)('a burst past the pool (PostgreSQL)', () => {
  let context: TestContext;
  let fixture: Fixture;
  let admin: Client;
  const path = (rest: string) => servicePath(fixture.tenantA, rest);

  beforeAll(async () => {
    // Three requests at once, a queue of five, a short wait: a burst of 150 must meet the bound.
    context = await createTestContext({
      env: { DATABASE_POOL_SIZE: '3', DATABASE_QUEUE_MAX: '5', DATABASE_QUEUE_TIMEOUT_MS: '200' },
    });
    fixture = await createFixture(context);
    admin = await fixture.as('a.admin');
  });

  afterAll(async () => {
    await context?.close();
  });

  it('answers every request (created, paid or server_busy), and each busy one sent again lands exactly once', async () => {
    const customer = (await admin.post(path('customers/'), { full_name: 'Burst Customer' })).json() as { id: number };
    const toPay: { id: number }[] = [];
    for (let index = 0; index < 50; index += 1) {
      const answer = await admin.post(path('invoices/'), invoiceBody(customer.id, `To pay ${index}`, '20.00'));
      expect(answer.statusCode).toBe(201);
      toPay.push(answer.json() as { id: number });
    }
    type Request = { key: string; send: () => Promise<LightMyRequestResponse> };
    const requests: Request[] = [
      ...Array.from({ length: 100 }, (_, index) => ({
        key: `burst-invoice-${index}`,
        send: () =>
          admin.post(path('invoices/'), invoiceBody(customer.id, `Burst ${index}`), { 'idempotency-key': `burst-invoice-${index}` }),
      })),
      ...toPay.map((invoice, index) => ({
        key: `burst-payment-${index}`,
        send: () =>
          admin.put(path(`invoices/${invoice.id}/create_payment/`), { amount: '7.50' }, { 'idempotency-key': `burst-payment-${index}` }),
      })),
    ];

    const first = await Promise.all(requests.map((request) => request.send()));
    const statuses = first.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    const busy = first.filter((answer) => answer.statusCode === 503);
    // The bound was met, and it said busy, never "the database is gone".
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.json().code).toBe('server_busy');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }

    // Each busy request sent again (one at a time, as a client honouring Retry-After would) succeeds;
    // every request sent a third time is the first answer replayed.
    for (const [index, request] of requests.entries()) {
      if (first[index]!.statusCode === 503) expect((await request.send()).statusCode).toBe(201);
    }
    for (const request of requests) {
      const replay = await request.send();
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }

    expect(await countOf(context, sql`select count(*) as n from invoices where customer_id = ${customer.id}`)).toBe(150);
    expect(
      await countOf(
        context,
        sql`select count(*) as n from payments p join invoices i on i.id = p.invoice_id where i.customer_id = ${customer.id}`,
      ),
    ).toBe(50);
    for (const invoice of toPay) {
      const detail = (await admin.get(path(`invoices/${invoice.id}/`))).json() as { amount_paid: string; status: string };
      expect(detail).toMatchObject({ amount_paid: '7.50', status: 'partially_paid' });
    }
    await expectMoneyInvariants(context.db);
  });
});
