/**
 * Payments, before and after, in one paired run (never in CI; issue 35, "a payment is one round
 * trip"): two checkouts of the API, each with its own fresh database on DATABASE_URL's server
 * (migrated and seeded by that checkout's own `db:seed`), both started as `npm start` runs them
 * (NODE_ENV=production, the web build skipped), then rounds in A-B-B-A order so a drift of the
 * machine's load weighs on both alike. Each round pays distinct unpaid invoices once with
 * mark-paid (`PUT …/create_payment/`, no body, one Idempotency-Key per invoice) and pays distinct
 * customers' accounts once (`POST …/customers/{id}/payments/`, 5.00 each, oldest invoice first).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:payments -- --before=/path/to/old/checkout
 *   options: --after=<checkout> (this one) --rounds=4 --per-round=1500 --connections=20 --port=3200
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { autocannon, median, option, startProcess, stopAll, type AutocannonResult } from './lib/processes';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const beforeRoot = option('before', '');
if (!beforeRoot) throw new Error('--before=<a checkout of the API to compare with> is required');
const sides = [
  { name: 'before', root: path.resolve(beforeRoot) },
  { name: 'after', root: path.resolve(option('after', repoRoot)) },
];
const rounds = Number(option('rounds', '4'));
const perRound = Number(option('per-round', '1500'));
const connections = Number(option('connections', '20'));
const basePort = Number(option('port', '3200'));
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('DATABASE_URL (a PostgreSQL server the bench may create databases on) is required.');
const urlOf = (database: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

interface Side {
  name: string;
  url: string;
  authorization: string;
  serviceId: number;
  /** Unpaid invoices for mark-paid, and customers (each with one unpaid invoice) for account payments. */
  invoices: number[];
  customers: number[];
  markPaid: AutocannonResult[];
  account: AutocannonResult[];
}

async function prepare(side: { name: string; root: string }, index: number): Promise<Side> {
  const database = `meterline_payments_${side.name}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  await admin.end();
  const env = { DATABASE_URL: urlOf(database) };
  await startProcess(side.root, [path.join(side.root, 'apps/api/src/seed/seed-cli.ts')], env, 'Demo data created');
  const startOptions = (
    JSON.parse(fs.readFileSync(path.join(side.root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start
    .split(/\s+/)
    .filter((word) => word.startsWith('--'));
  const port = basePort + index;
  await startProcess(
    side.root,
    [path.join(side.root, 'scripts/start.mjs')],
    { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SKIP_WEB_BUILD: '1' },
    'Meterline is running',
    startOptions,
  );
  const url = `http://127.0.0.1:${port}`;
  const signIn = (await (
    await fetch(`${url}/api/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    })
  ).json()) as { access?: string };
  if (!signIn.access) throw new Error(`${side.name}: sign-in failed`);
  const authorization = `Bearer ${signIn.access}`;
  const services = (await (await fetch(`${url}/api/services/`, { headers: { authorization } })).json()) as
    { id: number; name: string }[] | { results: { id: number; name: string }[] };
  const serviceId = (Array.isArray(services) ? services : services.results).find((service) => service.name === 'Electricity')!.id;

  // One unpaid invoice per new customer, by SQL: the same rows on both sides.
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const total = rounds * perRound;
  await db.query(
    `insert into customers (tenant_id, service_id, code, full_name, phone)
     select s.tenant_id, s.id, 'P' || lpad(g::text, 7, '0'), 'Payer ' || g, '+9613' || lpad(g::text, 6, '0')
     from services s, generate_series(1, $2::int) g where s.id = $1`,
    [serviceId, 2 * total],
  );
  await db.query(
    `insert into invoices (tenant_id, service_id, number, customer_id, period_start, period_end, issued_on, due_on, subtotal, tax, total, amount_paid, status)
     select c.tenant_id, c.service_id, 'P-' || c.id, c.id, date '2026-10-01', date '2026-10-31', date '2026-11-01', date '2026-11-15',
       2000 + c.id % 900, 0, 2000 + c.id % 900, 0, 'unpaid'
     from customers c where c.service_id = $1 and c.code like 'P%'`,
    [serviceId],
  );
  const { rows } = await db.query<{ invoice: number; customer: number }>(
    `select i.id as invoice, i.customer_id as customer from invoices i where i.service_id = $1 and i.number like 'P-%' order by i.id`,
    [serviceId],
  );
  await db.query('analyze');
  await db.end();
  return {
    name: side.name,
    url,
    authorization,
    serviceId,
    invoices: rows.slice(0, total).map((row) => row.invoice),
    customers: rows.slice(total).map((row) => row.customer),
    markPaid: [],
    account: [],
  };
}

function pay(side: Side, call: string, ids: number[], request: (id: number) => { method: string; path: string; body: string }) {
  let next = 0;
  return autocannon({
    url: side.url,
    connections,
    amount: ids.length,
    requests: [
      {
        setupRequest: (base: Record<string, unknown>) => {
          const id = ids[next++ % ids.length]!;
          return {
            ...base,
            ...request(id),
            headers: {
              authorization: side.authorization,
              'content-type': 'application/json',
              'idempotency-key': `bench-${side.name}-${call}-${id}`,
            },
          };
        },
      },
    ],
  });
}

const prepared: Side[] = [];
for (const [index, side] of sides.entries()) prepared.push(await prepare(side, index));
console.log(`Prepared ${rounds * perRound} invoices and ${rounds * perRound} accounts to pay on each side.`);
for (let round = 0; round < rounds; round += 1) {
  // A-B-B-A: the first side of each pair alternates.
  const order = round % 2 === 0 ? prepared : [...prepared].reverse();
  for (const side of order) {
    const slice = (ids: number[]) => ids.slice(round * perRound, (round + 1) * perRound);
    side.markPaid.push(
      await pay(side, 'mark-paid', slice(side.invoices), (id) => ({
        method: 'PUT',
        path: `/api/services/${side.serviceId}/invoices/${id}/create_payment/`,
        body: '{}',
      })),
    );
    side.account.push(
      await pay(side, 'account', slice(side.customers), (id) => ({
        method: 'POST',
        path: `/api/services/${side.serviceId}/customers/${id}/payments/`,
        body: JSON.stringify({ amount: '5.00' }),
      })),
    );
    process.stdout.write('.');
  }
}
console.log(
  `\n${connections} connections, ${perRound} payments per round and call, median of ${rounds} rounds (A-B-B-A); load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
console.log('| call | before: payments/s (p50 / p99 ms) | after: payments/s (p50 / p99 ms) | after / before |');
console.log('|---|---:|---:|---:|');
for (const call of ['markPaid', 'account'] as const) {
  const [before, after] = prepared.map((side) => {
    const runs = side[call];
    const failed = runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
    if (failed) console.warn(`${side.name} ${call}: ${failed} non-2xx or errors`);
    return {
      rps: median(runs.map((run) => run.requests.average)),
      p50: median(runs.map((run) => run.latency.p50)),
      p99: median(runs.map((run) => run.latency.p99)),
    };
  }) as [{ rps: number; p50: number; p99: number }, { rps: number; p50: number; p99: number }];
  const cell = (side: typeof before) => `${side.rps.toFixed(0)} (${side.p50.toFixed(1)} / ${side.p99.toFixed(1)})`;
  console.log(
    `| ${call === 'markPaid' ? 'mark-paid' : 'account payment'} | ${cell(before)} | ${cell(after)} | ${(after.rps / before.rps).toFixed(2)}x |`,
  );
}
stopAll();
process.exit(0);
