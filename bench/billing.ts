/**
 * The monthly billing run at an operator's size (docs/billing.md): one service of `--meters` (20,000)
 * metered subscriptions with `--months` (12) months of readings and paid invoices whose units the
 * consumption ledger recorded, then this month's reading. Through app.inject (no network):
 *
 *  1. the dry run of the month (`POST …/invoices/generate/?dry_run=true`);
 *  2. the plain SQL floor: one `INSERT … SELECT` computing the same invoice totals into a scratch
 *     table (the fee, this month's units at the tariff's price, the tax), and whether they agree;
 *  3. the real run (a job: started, then polled until done), while `users/me/` and
 *     an invoice list page are asked every 100 ms: their p50/p99 say whether the embedded database
 *     stays responsive while it runs.
 *
 *   npm run bench:billing                                   PGlite in a temporary directory
 *   npm run bench:billing -- --meters=2000 --months=3
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:billing -- --engine=postgres
 *     (creates the database meterline_bench_billing on that server, anew each run)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { DatabaseRegistry, openPglite, openPostgres, type Database } from '../apps/api/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/seed/demo';
import { createPasswordHasher } from '../apps/api/src/lib/password';

const option = (name: string, fallback: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const meters = Number(option('meters', '20000'));
const months = Number(option('months', '12'));
const engine = option('engine', 'pglite');
const TENANT = 1;

async function openDatabase(): Promise<Database> {
  if (engine === 'postgres') {
    const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('drop database if exists meterline_bench_billing with (force)');
    await admin.query('create database meterline_bench_billing');
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = '/meterline_bench_billing';
    return openPostgres(url.toString());
  }
  return openPglite(fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-bench-billing-')), 'default', { lock: false });
}

const database = await openDatabase();
await database.migrate();
const databases = new DatabaseRegistry(new Map([['default', database]]));
await seedDemo(databases, createPasswordHasher({ memoryCost: 19_456, timeCost: 2 }));
const { db } = database;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

// ---- The service, seeded by SQL ----
const seedStarted = performance.now();
const [settings] = await rows<{ timezone: string; tax_rate: string }>(
  sql`select timezone, tax_rate::text from settings where tenant_id = ${TENANT}`,
);
const timeZone = settings?.timezone ?? 'UTC';
const taxRate = settings?.tax_rate ?? '0';
const [service] = await rows<{ id: number }>(
  sql`insert into services (tenant_id, name, unit, is_metered) values (${TENANT}, 'Bench electricity', 'kWh', true) returning id`,
);
const serviceId = Number(service?.id);
const [today] = await rows<{ today: string; this_month: string; first_month: string }>(
  sql`select (now() at time zone ${timeZone})::date::text as today,
             date_trunc('month', now() at time zone ${timeZone})::date::text as this_month,
             (date_trunc('month', now() at time zone ${timeZone}) - make_interval(months => ${months}))::date::text as first_month`,
);
if (!today) throw new Error('no today');
await db.transaction(async (tx) => {
  const exec = (query: ReturnType<typeof sql>) => tx.execute(query);
  await exec(
    sql`insert into bundles (tenant_id, service_id, name, price, unit_price) values (${TENANT}, ${serviceId}, '10 A', 1500, '0.300000')`,
  );
  await exec(
    sql`insert into tariffs (tenant_id, service_id, name, effective_from, unit_price) values (${TENANT}, ${serviceId}, 'Bench', ${today.first_month}, '0.300000')`,
  );
  await exec(sql`insert into customers (tenant_id, service_id, code, full_name, phone, email, status)
    select ${TENANT}, ${serviceId}, 'BENCH-' || g, 'Bench customer ' || g, '', '', 'active' from generate_series(1, ${meters}) g`);
  await exec(sql`insert into subscriptions (tenant_id, service_id, customer_id, bundle_id, started_on, counter)
    select ${TENANT}, ${serviceId}, c.id, (select id from bundles where service_id = ${serviceId}), ${today.first_month}, 0
    from customers c where c.service_id = ${serviceId}`);
  // Readings at local midnight of each month's first day (each month's units in that month), then yesterday's.
  await exec(sql`insert into meter_readings (tenant_id, subscription_id, value, previous_value, kind, taken_at)
    select ${TENANT}, s.id, k * (100 + s.id % 200), case when k = 0 then 0 else (k - 1) * (100 + s.id % 200) end,
           case when k = 0 then 'reset' else 'reading' end,
           ((${today.first_month}::date + make_interval(months => k))::timestamp at time zone ${timeZone})
    from subscriptions s, generate_series(0, ${months}) k where s.service_id = ${serviceId} order by s.id, k`);
  await exec(sql`insert into meter_readings (tenant_id, subscription_id, value, previous_value, kind, taken_at)
    select ${TENANT}, s.id, ${months} * (100 + s.id % 200) + 50 + s.id % 50, ${months} * (100 + s.id % 200), 'reading',
           greatest(now() - interval '1 day', (${today.this_month}::date::timestamp at time zone ${timeZone}) + interval '1 hour')
    from subscriptions s where s.service_id = ${serviceId} order by s.id`);
  // A paid invoice per past month: the fee and the month's units at 0.30, recorded in the ledger.
  await exec(sql`insert into invoices (tenant_id, service_id, number, customer_id, subscription_id, period_start, period_end, issued_on, due_on,
                                       subtotal, tax, total, amount_paid, status, consumption, monthly_fee, created_at, last_reading_id)
    select ${TENANT}, ${serviceId}, 'BENCH-' || s.id || '-' || k, s.customer_id, s.id,
           (${today.first_month}::date + make_interval(months => k - 1))::date,
           ((${today.first_month}::date + make_interval(months => k))::date - 1),
           (${today.first_month}::date + make_interval(months => k))::date,
           ((${today.first_month}::date + make_interval(months => k))::date + 14),
           1500 + (100 + s.id % 200) * 30, 0, 1500 + (100 + s.id % 200) * 30, 1500 + (100 + s.id % 200) * 30, 'paid',
           100 + s.id % 200, 1500, (${today.first_month}::date + make_interval(months => k))::timestamp at time zone ${timeZone},
           (select mr.id from meter_readings mr where mr.tenant_id = ${TENANT} and mr.subscription_id = s.id order by mr.id offset k limit 1)
    from subscriptions s, generate_series(1, ${months}) k where s.service_id = ${serviceId}`);
  await exec(sql`insert into billed_consumption (tenant_id, invoice_id, subscription_id, month, quantity)
    select i.tenant_id, i.id, i.subscription_id, i.period_start, i.consumption from invoices i where i.service_id = ${serviceId}`);
  // As the engine leaves them: each meter's ledger settled up to last month (its watermark).
  await exec(sql`update subscriptions set ledger_from = (date_trunc('month', ${today.this_month}::date) - interval '1 month')::date
    where tenant_id = ${TENANT} and service_id = ${serviceId}`);
});
await db.execute(sql`analyze`);
const seedSeconds = (performance.now() - seedStarted) / 1000;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', NODE_ENV: 'production' });
const app = await buildApp({ config, databases, logger: false });
await app.ready();
const signIn = await app.inject({ method: 'POST', url: '/api/auth/jwt/create/', payload: { username: 'admin', password: DEMO_PASSWORD } });
const headers = { authorization: `Bearer ${signIn.json().access as string}` };
const period = { period_start: today.this_month, period_end: today.today };
const generateUrl = `/api/services/${serviceId}/invoices/generate/`;

// ---- 1. Dry run ----
const dryStarted = performance.now();
const dry = await app.inject({ method: 'POST', url: `${generateUrl}?dry_run=true`, headers, payload: period });
const drySeconds = (performance.now() - dryStarted) / 1000;
if (dry.statusCode !== 200) throw new Error(`dry run answered ${dry.statusCode}: ${dry.body}`);
const planned = dry.json() as { created: number; amount: string };

// ---- 2. The SQL floor ----
const floorStarted = performance.now();
await db.execute(sql`create temporary table floor_totals as
  with last_billed as (
    select i.subscription_id, max(i.last_reading_id) as reading_id from invoices i
    where i.tenant_id = ${TENANT} and i.service_id = ${serviceId} and i.status <> 'cancelled' group by i.subscription_id
  ), unbilled as (
    select s.id, s.customer_id, sum(mr.value - mr.previous_value) as units
    from subscriptions s left join last_billed lb on lb.subscription_id = s.id
    join meter_readings mr on mr.tenant_id = s.tenant_id and mr.subscription_id = s.id and mr.id > coalesce(lb.reading_id, 0)
    where s.tenant_id = ${TENANT} and s.service_id = ${serviceId} and mr.kind = 'reading'
    group by s.id, s.customer_id
  ), fee as (
    -- The fee for the days of the month so far (the tenant prorates), rounded half-up like monthlyFeeFor.
    select round(1500 * extract(day from ${today.today}::date)
                 / extract(day from (${today.this_month}::date + interval '1 month' - interval '1 day')))::bigint as minor
  ), priced as (select id, customer_id, (select minor from fee) + round(units * 0.30 * 100)::bigint as subtotal from unbilled)
  select id, customer_id, subtotal, round(subtotal * ${taxRate}::numeric / 100)::bigint as tax from priced`);
const floorSeconds = (performance.now() - floorStarted) / 1000;
const [floor] = await rows<{ invoices: number; amount: string }>(
  sql`select count(*)::int as invoices, (sum(subtotal + tax) / 100.0)::numeric(18,2)::text as amount from floor_totals`,
);

// ---- 3. The real run, with users/me and a list asked every 100 ms ----
const latencies: Record<string, number[]> = { 'users/me/': [], 'invoice list': [] };
let running = true;
const probe = async (name: string, url: string) => {
  while (running) {
    const started = performance.now();
    await app.inject({ method: 'GET', url, headers });
    latencies[name]?.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
const runStarted = performance.now();
const probes = [probe('users/me/', '/api/users/me/'), probe('invoice list', `/api/services/${serviceId}/invoices/?page_size=25`)];
const started = await app.inject({ method: 'POST', url: generateUrl, headers, payload: period });
let result: { created: number; amount: string; errors: unknown[] };
if (started.statusCode === 202) {
  const jobId = started.json().job.id as number;
  for (;;) {
    const job = (await app.inject({ method: 'GET', url: `/api/jobs/${jobId}/`, headers })).json();
    if (job.state === 'done') {
      result = job.result;
      break;
    }
    if (job.state === 'failed' || job.state === 'cancelled')
      throw new Error(`the run's job ended ${job.state}: ${JSON.stringify(job.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
} else if (started.statusCode === 200) {
  result = started.json();
} else throw new Error(`the run answered ${started.statusCode}: ${started.body}`);
const runSeconds = (performance.now() - runStarted) / 1000;
running = false;
await Promise.all(probes);

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0) : 0;
};
const seconds = (value: number) => `${value.toFixed(2)} s`;
console.log(`\nBilling run bench: ${engine}, ${meters} meters, ${months} months of history (seeded in ${seconds(seedSeconds)})\n`);
console.log('| step | time | invoices | amount | per meter |');
console.log('|---|---:|---:|---:|---:|');
console.log(
  `| dry run | ${seconds(drySeconds)} | ${planned.created} | ${planned.amount} | ${((drySeconds * 1000) / meters).toFixed(2)} ms |`,
);
console.log(
  `| SQL floor (INSERT … SELECT) | ${seconds(floorSeconds)} | ${floor?.invoices} | ${floor?.amount} | ${((floorSeconds * 1000) / meters).toFixed(3)} ms |`,
);
console.log(
  `| real run (job) | ${seconds(runSeconds)} | ${result.created} | ${result.amount} | ${((runSeconds * 1000) / meters).toFixed(2)} ms |`,
);
console.log(`\nratios: dry run ${(drySeconds / floorSeconds).toFixed(1)}x the floor, real run ${(runSeconds / floorSeconds).toFixed(1)}x`);
console.log(`totals agree with the floor: ${planned.amount === floor?.amount ? 'yes' : `no (${planned.amount} vs ${floor?.amount})`}`);
console.log(`errors in the run: ${result.errors.length}`);
console.log('\nwhile the run ran (requests every 100 ms through app.inject):');
for (const [name, values] of Object.entries(latencies)) {
  console.log(
    `  ${name}: ${values.length} requests, p50 ${percentile(values, 0.5).toFixed(0)} ms, p99 ${percentile(values, 0.99).toFixed(0)} ms`,
  );
}
console.log(`goals: dry run <= 5 s ${drySeconds <= 5 ? 'met' : 'NOT met'}; run <= 30 s ${runSeconds <= 30 ? 'met' : 'NOT met'}`);
await app.close();
await databases.close();
