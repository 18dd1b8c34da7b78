/**
 * Load bench over HTTP on PostgreSQL (never in CI): a fresh database on DATABASE_URL's server
 * migrated by the API under test, the demo tenants, the API started as in production, then 10 tenants x 100,000
 * invoices (x --scale) with their customers and payments added by SQL, then interleaved rounds of
 * autocannon per call at 20 connections, with the two references of bench/reference-servers.ts.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- --scale=0.1
 *   options: --scale=1 --tenants=10 --rounds=3 --duration=5 --connections=20 --processes=1 --api-root=<checkout>
 *            --database=meterline_bench --port=3100 (the API; the references take the next two ports)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DatabaseRegistry, openPostgres } from '../apps/api/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/seed/demo';
import { createPasswordHasher } from '../apps/api/src/lib/password';
import { first, nth } from '../packages/contract/src/invariant';
import { autocannon, option, startProcess, stopAll, type AutocannonResult } from './lib/processes';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiRoot = path.resolve(option('api-root', repoRoot));
const scale = Number(option('scale', '1'));
const tenantCount = Number(option('tenants', '10'));
const rounds = Number(option('rounds', '3'));
const duration = Number(option('duration', '5'));
const connections = Number(option('connections', '20'));
/** API processes (`WEB_CONCURRENCY`, node:cluster): 1 by default, `--processes=2` for the scale-out figure. */
const processes = Number(option('processes', '1'));
const invoicesPerTenant = Math.max(1000, Math.round(100_000 * scale));
const INVOICES_PER_CUSTOMER = 10;
/** Another name and ports let two runs share the machine (the database is dropped at each start). */
const databaseName = option('database', 'meterline_bench');
if (!/^[a-z_][a-z0-9_]*$/.test(databaseName)) throw new Error(`--database: a plain lower-case name, not ${databaseName}`);
const basePort = Number(option('port', '3100'));
const PORTS = { api: basePort, minimal: basePort + 1, raw: basePort + 2 };
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('DATABASE_URL (a PostgreSQL server the bench may create a database on) is required.');
  process.exit(1);
}
const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

function rssMegabytes(pid: number | undefined): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
  } catch {
    return null;
  }
}

/** The RSS of each API process: the one started, or with `--processes` > 1 its cluster workers. */
function apiProcessesRss(pid: number | undefined): number[] {
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // no children list: one process
  }
  const pids = processes > 1 && children.length ? children : [pid];
  return pids.map((one) => rssMegabytes(one)).filter((value): value is number => value !== null);
}

// A fresh database migrated by the API under test, with the demo tenants (admin / demo1234).
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`drop database if exists ${databaseName} with (force)`);
await admin.query(`create database ${databaseName}`);
await admin.end();
await startProcess(apiRoot, [path.join(apiRoot, 'apps/api/src/db/migrate-cli.ts')], { DATABASE_URL: databaseUrl }, 'Migrated');
const demoDatabase = await openPostgres(databaseUrl, 'default', { max: 2 });
await seedDemo(new DatabaseRegistry(new Map([['default', demoDatabase]])), createPasswordHasher({ memoryCost: 19_456, timeCost: 2 }));
await demoDatabase.close();
// As `npm start` runs it (scripts/start.mjs of the checkout under test, with the node options of
// its package.json's `start`), the web build skipped.
const startScript = (JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
  .start;
const startOptions = startScript.split(/\s+/).filter((word) => word.startsWith('--'));
const api = await startProcess(
  apiRoot,
  [path.join(apiRoot, 'scripts/start.mjs')],
  {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PORT: String(PORTS.api),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: String(processes),
    SKIP_WEB_BUILD: '1',
    // Sign-in under load from one address, one account: the failure counters are still written (a
    // successful sign-in spends one attempt of each and gives it back), but 20 at once must not be refused.
    LOGIN_FAILURES_PER_IP_PER_MINUTE: '100000',
    LOGIN_FAILURES_PER_ACCOUNT_AND_IP: '100000',
  },
  'Meterline is running',
  startOptions,
);
const apiUrl = `http://127.0.0.1:${PORTS.api}`;
const signIn = await fetch(`${apiUrl}/api/auth/jwt/create/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
});
const signedIn = (await signIn.json()) as { access?: string };
if (!signedIn.access) throw new Error(`Sign-in failed (${signIn.status}): ${JSON.stringify(signedIn)}`);
const authorization = `Bearer ${signedIn.access}`;
const servicesBody = (await (await fetch(`${apiUrl}/api/services/`, { headers: { authorization } })).json()) as
  { id: number; name: string }[] | { results: { id: number; name: string }[] };
const services = Array.isArray(servicesBody) ? servicesBody : servicesBody.results;
if (!services) throw new Error(`Services: ${JSON.stringify(servicesBody)}`);
const serviceId = services.find((service) => service.name === 'Electricity')!.id;

// Bulk rows by SQL: the signed-in tenant's Electricity plus tenantCount - 1 other tenants.
const seedStarted = performance.now();
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const { rows: serviceRows } = await db.query<{ tenant_id: number }>('select tenant_id from services where id = $1', [serviceId]);
const scopes = [{ tenantId: first(serviceRows).tenant_id, serviceId }];
for (let index = 1; index < tenantCount; index += 1) {
  const tenantId = 1000 + index;
  const { rows } = await db.query<{ id: number }>(
    "insert into services (tenant_id, name, unit) values ($1, 'Electricity', 'kWh') returning id",
    [tenantId],
  );
  await db.query("insert into settings (tenant_id, currency, timezone) values ($1, 'USD', 'Asia/Beirut') on conflict do nothing", [
    tenantId,
  ]);
  scopes.push({ tenantId, serviceId: first(rows).id });
}
const customersPerTenant = Math.ceil(invoicesPerTenant / INVOICES_PER_CUSTOMER);
for (const scope of scopes) {
  await db.query(
    `insert into customers (tenant_id, service_id, code, full_name, phone)
     select $1, $2, 'B' || lpad(g::text, 7, '0'), 'Customer ' || substr(md5(g::text), 1, 10), '+961' || g from generate_series(1, $3::int) g`,
    [scope.tenantId, scope.serviceId, customersPerTenant],
  );
  // Ten months each: seven paid, one partly, two unpaid (the last one not yet due).
  await db.query(
    `insert into invoices (tenant_id, service_id, number, customer_id, period_start, period_end, issued_on, due_on, subtotal, tax, total, amount_paid, status, created_at)
     select c.tenant_id, c.service_id, 'B-' || c.id || '-' || m, c.id, d, (d + interval '1 month - 1 day')::date, (d + interval '1 month')::date, (d + interval '1 month 15 days')::date,
       t, 0, t, case when m <= 7 then t when m = 8 then t / 2 else 0 end, case when m <= 7 then 'paid' when m = 8 then 'partially_paid' else 'unpaid' end, d + interval '1 month'
     from customers c, generate_series(1, ${INVOICES_PER_CUSTOMER}) m,
       lateral (select (date '2026-01-01' + (m - 1) * interval '1 month')::date as d, 1000 + (c.id * 7 + m) % 9000 as t) x
     where c.tenant_id = $1 and c.service_id = $2 and c.code like 'B%'`,
    [scope.tenantId, scope.serviceId],
  );
  await db.query(
    `insert into payments (tenant_id, service_id, invoice_id, customer_id, amount, paid_at, received_by)
     select tenant_id, service_id, id, customer_id, amount_paid, issued_on + interval '5 days 3 hours', null
     from invoices where tenant_id = $1 and service_id = $2 and amount_paid > 0 and number like 'B-%'`,
    [scope.tenantId, scope.serviceId],
  );
}
await db.query('analyze');
const { rows: counted } = await db.query<{ invoices: string; customers: string; payments: string }>(
  'select (select count(*) from invoices) as invoices, (select count(*) from customers) as customers, (select count(*) from payments) as payments',
);
const { rows: sample } = await db.query<{ id: number }>(
  'select id from invoices where tenant_id = $1 and service_id = $2 order by id desc limit 1',
  [first(scopes).tenantId, serviceId],
);
// Unpaid invoices of the measured service, each paid once by the mark-paid rounds.
const { rows: unpaidRows } = await db.query<{ id: number }>(
  "select id from invoices where tenant_id = $1 and service_id = $2 and status = 'unpaid' and number like 'B-%' order by id",
  [first(scopes).tenantId, serviceId],
);
await db.end();
const seedSeconds = (performance.now() - seedStarted) / 1000;
console.log(
  `Seeded ${first(counted).invoices} invoices, ${first(counted).customers} customers, ${first(counted).payments} payments by SQL in ${seedSeconds.toFixed(1)} s (${tenantCount} tenants).`,
);

const minimal = await startProcess(
  apiRoot,
  [path.join(repoRoot, 'bench/reference-servers.ts'), 'minimal', String(PORTS.minimal)],
  {},
  'reference minimal',
);
const raw = await startProcess(
  apiRoot,
  [path.join(repoRoot, 'bench/reference-servers.ts'), 'raw', String(PORTS.raw), String(first(scopes).tenantId), String(serviceId)],
  { DATABASE_URL: databaseUrl },
  'reference raw',
);

const invoicesPath = `/api/services/${serviceId}/invoices/`;
const count = ((await (await fetch(`${apiUrl}${invoicesPath}`, { headers: { authorization } })).json()) as { count: number }).count;
const lastPage = Math.max(1, Math.ceil(count / 25));
type Call = { name: string; url: string; reference?: 'minimal' | 'raw'; headers?: boolean };
const calls: Call[] = [
  { name: 'reference: minimal Fastify', url: `http://127.0.0.1:${PORTS.minimal}/`, headers: false },
  { name: 'reference: Fastify + pg page', url: `http://127.0.0.1:${PORTS.raw}/`, headers: false },
  { name: 'users/me/', url: `${apiUrl}/api/auth/users/me/`, reference: 'minimal' },
  { name: 'customers page 1', url: `${apiUrl}/api/services/${serviceId}/customers/`, reference: 'raw' },
  { name: 'customers search', url: `${apiUrl}/api/services/${serviceId}/customers/?search=B000012`, reference: 'raw' },
  { name: 'invoices page 1', url: `${apiUrl}${invoicesPath}`, reference: 'raw' },
  { name: `invoices page ${Math.min(1000, lastPage)}`, url: `${apiUrl}${invoicesPath}?page=${Math.min(1000, lastPage)}`, reference: 'raw' },
  { name: `invoices last page (${lastPage})`, url: `${apiUrl}${invoicesPath}?page=${lastPage}`, reference: 'raw' },
  { name: 'invoices ?status=unpaid', url: `${apiUrl}${invoicesPath}?status=unpaid`, reference: 'raw' },
  { name: 'invoices ?status=overdue', url: `${apiUrl}${invoicesPath}?status=overdue`, reference: 'raw' },
  { name: 'invoices by -total', url: `${apiUrl}${invoicesPath}?ordering=-total`, reference: 'raw' },
  { name: 'invoice detail', url: `${apiUrl}${invoicesPath}${first(sample).id}/`, reference: 'raw' },
  ...[1, 2, 3, 4].map((n) => ({ name: `stats${n}`, url: `${apiUrl}/api/statistics/stats${n}/` })),
];

const apiRssAtRest = apiProcessesRss(api.pid);
const results = new Map<string, AutocannonResult[]>();
for (let round = 1; round <= rounds; round += 1) {
  process.stdout.write(`round ${round}/${rounds} `);
  for (const call of calls) {
    const result = await autocannon({ url: call.url, connections, duration, headers: call.headers === false ? {} : { authorization } });
    if (result.non2xx || result.errors) console.warn(`\n${call.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    results.set(call.name, [...(results.get(call.name) ?? []), result]);
    process.stdout.write('.');
  }
  console.log('');
}

// Writes: mark-paid on distinct invoices (no body pays the balance; one Idempotency-Key per
// invoice), a slice of the unpaid invoices per round; then sign-in against the password hash alone
// (argon2id at the API's default cost, verified in this process at the same concurrency).
const unpaidIds = unpaidRows.map((row) => row.id);
const perRound = Math.min(5000, Math.floor(unpaidIds.length / rounds));
const markPaid: AutocannonResult[] = [];
const signIns: AutocannonResult[] = [];
const hashRates: number[] = [];
const hasher = createPasswordHasher({ memoryCost: 19_456, timeCost: 2 });
const hashed = await hasher.hash(DEMO_PASSWORD);
for (let round = 0; round < rounds; round += 1) {
  const ids = unpaidIds.slice(round * perRound, (round + 1) * perRound);
  let next = 0;
  if (ids.length > 0)
    markPaid.push(
      await autocannon({
        url: apiUrl,
        connections,
        amount: ids.length,
        requests: [
          {
            method: 'PUT',
            setupRequest: (request: Record<string, unknown>) => {
              const id = ids[next++ % ids.length];
              return {
                ...request,
                path: `${invoicesPath}${id}/create_payment/`,
                headers: { authorization, 'content-type': 'application/json', 'idempotency-key': `bench-${id}` },
                body: '{}',
              };
            },
          },
        ],
      }),
    );
  signIns.push(
    await autocannon({
      url: `${apiUrl}/api/auth/jwt/create/`,
      connections,
      duration,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    }),
  );
  const hashStarted = performance.now();
  let verified = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() - hashStarted < duration * 1000) {
        await hasher.verify(hashed, DEMO_PASSWORD);
        verified += 1;
      }
    }),
  );
  hashRates.push(verified / ((performance.now() - hashStarted) / 1000));
}
for (const [name, runs] of [
  ['mark-paid', markPaid],
  ['sign-in', signIns],
] as const) {
  const failed = runs.reduce((total, run) => total + run.non2xx + run.errors, 0);
  if (failed) console.warn(`${name}: ${failed} non-2xx or errors`);
}
const apiRss = apiProcessesRss(api.pid);

const median = (values: number[]) =>
  nth(
    [...values].sort((a, b) => a - b),
    Math.floor(values.length / 2),
    'a median of at least one value',
  );
const summary = new Map(
  calls.map((call) => {
    const runs = results.get(call.name)!;
    return [
      call.name,
      {
        rps: median(runs.map((run) => run.requests.average)),
        p50: median(runs.map((run) => run.latency.p50)),
        p97_5: median(runs.map((run) => run.latency.p97_5)),
        p99: median(runs.map((run) => run.latency.p99)),
      },
    ];
  }),
);
const referenceRps = { minimal: summary.get(first(calls).name)!.rps, raw: summary.get(nth(calls, 1).name)!.rps };
console.log(
  `\n${connections} connections, ${duration} s per call, median of ${rounds} interleaved rounds; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
console.log('| call | req/s | p50 ms | p99 ms | ratio to reference |');
console.log('|---|---:|---:|---:|---:|');
for (const call of calls) {
  const { rps, p50, p99 } = summary.get(call.name)!;
  const ratio = call.reference ? `${(rps / referenceRps[call.reference]).toFixed(2)}x ${call.reference}` : '';
  console.log(`| ${call.name} | ${rps.toFixed(0)} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${ratio} |`);
}
const megabytes = (values: number[]) => (values.length ? values.join(' + ') : '?');
const markPaidRps = markPaid.length ? median(markPaid.map((run) => run.requests.average)) : 0;
const signInRps = median(signIns.map((run) => run.requests.average));
const hashRps = median(hashRates);
console.log(
  `| mark-paid, distinct invoices (${perRound} per round) | ${markPaidRps.toFixed(0)} | ${median(markPaid.map((run) => run.latency.p50)).toFixed(1)} | ${median(markPaid.map((run) => run.latency.p99)).toFixed(1)} | |`,
);
console.log(
  `| sign-in | ${signInRps.toFixed(0)} | ${median(signIns.map((run) => run.latency.p50)).toFixed(1)} | ${median(signIns.map((run) => run.latency.p99)).toFixed(1)} | ${(signInRps / hashRps).toFixed(2)}x argon2id verify alone (${hashRps.toFixed(0)}/s) |`,
);
console.log(
  `\nAPI RSS (${processes} process${processes > 1 ? 'es' : ''}): ${megabytes(apiRssAtRest)} MB at rest, ${megabytes(apiRss)} MB after the load (goal <= 150 MB per process on PostgreSQL)`,
);
for (const call of calls.filter((item) => item.reference === 'raw')) {
  const { rps, p99 } = summary.get(call.name)!;
  const met = p99 <= 25 && rps >= 0.5 * referenceRps.raw;
  console.log(`${met ? 'met    ' : 'not met'}  ${call.name}: p99 <= 25 ms and >= 0.5x raw`);
}
const usersMe = summary.get('users/me/')!;
const goal = (met: boolean, text: string) => console.log(`${met ? 'met    ' : 'not met'}  ${text}`);
goal(usersMe.rps >= 0.5 * referenceRps.minimal, `users/me/: >= 0.5x minimal Fastify (${(usersMe.rps / referenceRps.minimal).toFixed(2)}x)`);
for (const n of [1, 2, 3, 4]) {
  const { p97_5 } = summary.get(`stats${n}`)!;
  // autocannon reports no p95; its p97.5 is an upper bound of it.
  goal(p97_5 <= 50, `stats${n}: p95 <= 50 ms (p97.5 ${p97_5} ms)`);
}
goal(markPaidRps >= 500, `mark-paid: >= 500 payments/s on distinct invoices (${markPaidRps.toFixed(0)})`);
goal(
  signInRps >= 0.8 * hashRps,
  `sign-in: bounded by the password hash alone (>= 0.8x the verifications/s of argon2id alone: ${(signInRps / hashRps).toFixed(2)}x)`,
);
goal(
  apiRss.every((mb) => mb <= 150),
  `API RSS <= 150 MB per process on PostgreSQL (${apiRss.join(' + ')} MB)`,
);
void minimal;
void raw;
stopAll();
process.exit(0);
