/**
 * Billing latency bench: the app on a temporary PGlite copy with the demo data (and optionally
 * more customers), then p50/p95 over N requests of the busiest lists and of each statistics call,
 * through app.inject (no network, so the figures are the app and the database alone).
 *
 *   npm run bench                 300 demo customers, 200 requests per call
 *   npm run bench -- --customers=5000 --requests=100
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { DatabaseRegistry, openPglite } from '../apps/api/src/db/client';
import { seedBillingDemo } from '../apps/api/src/seed/billing-demo';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/seed/demo';
import { createPasswordHasher } from '../apps/api/src/lib/password';
import { first, nth } from '../packages/contract/src/invariant';

const argument = (name: string, fallback: number) => {
  const found = process.argv.find((value) => value.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const extraCustomers = Math.max(0, argument('customers', 300) - 300);
const requests = argument('requests', 200);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-bench-'));
const started = performance.now();
const database = await openPglite(dataDir, 'default', { lock: false });
await database.migrate();
const migrated = performance.now();
const databases = new DatabaseRegistry(new Map([['default', database]]));
await seedDemo(databases, createPasswordHasher({ memoryCost: 19_456, timeCost: 2 }));
if (extraCustomers) {
  await database.db.transaction((tx) =>
    seedBillingDemo(tx, {
      tenantId: 1,
      customersPerService: { Electricity: extraCustomers },
      staff: { adminId: 2, officeIds: [2, 3], collectorId: 5 },
      now: new Date(),
      seed: 99,
    }),
  );
}
const seeded = performance.now();
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', NODE_ENV: 'production' });
const app = await buildApp({ config, databases, logger: false });
await app.ready();

const signIn = await app.inject({ method: 'POST', url: '/api/auth/jwt/create/', payload: { username: 'admin', password: DEMO_PASSWORD } });
const token = signIn.json().access as string;
const services = await app.inject({ method: 'GET', url: '/api/services/', headers: { authorization: `Bearer ${token}` } });
const electricity =
  services.statusCode === 200
    ? ((services.json() as { id: number; name: string }[]).find((service) => service.name === 'Electricity')?.id ?? 1)
    : 1;

const calls: [string, string][] = [
  ['customers list', `/api/services/${electricity}/customers/`],
  ['customers search', `/api/services/${electricity}/customers/?search=khoury&ordering=-balance`],
  ['invoices list', `/api/services/${electricity}/invoices/`],
  ['invoices overdue', `/api/services/${electricity}/invoices/?status=overdue`],
  ['counters list', `/api/services/${electricity}/subscriptions/counters/`],
  ['payments list', `/api/services/${electricity}/payments/`],
  ['stats1', '/api/statistics/stats1/'],
  ['stats2', '/api/statistics/stats2/'],
  ['stats3', '/api/statistics/stats3/'],
  ['stats4', '/api/statistics/stats4/'],
];

const percentile = (sorted: number[], share: number) =>
  nth(sorted, Math.min(sorted.length - 1, Math.floor(share * sorted.length)), 'a percentile of at least one timing');
const rows: string[] = [];
for (const [name, url] of calls) {
  const timings: number[] = [];
  for (let index = 0; index < requests + 10; index += 1) {
    const before = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - before;
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    if (index >= 10) timings.push(elapsed); // the first ten warm the caches
  }
  timings.sort((a, b) => a - b);
  rows.push(
    `| ${name.padEnd(18)} | ${percentile(timings, 0.5).toFixed(1).padStart(7)} | ${percentile(timings, 0.95).toFixed(1).padStart(7)} |`,
  );
}

const pdfTimings: number[] = [];
const invoice = (
  await app.inject({
    method: 'GET',
    url: `/api/services/${electricity}/invoices/?page_size=1`,
    headers: { authorization: `Bearer ${token}` },
  })
).json().results[0];
let pdfType = '';
for (let index = 0; index < 6; index += 1) {
  const before = performance.now();
  const response = await app.inject({
    method: 'GET',
    url: `/api/services/${electricity}/invoices/${invoice.id}/pdf/`,
    headers: { authorization: `Bearer ${token}` },
  });
  pdfTimings.push(performance.now() - before);
  pdfType = String(response.headers['content-type']);
}

console.log(
  `Meterline billing bench, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}, PGlite`,
);
console.log(
  `customers: ${300 + extraCustomers}; open + migrate ${((migrated - started) / 1000).toFixed(1)} s; demo seed ${((seeded - migrated) / 1000).toFixed(1)} s`,
);
console.log(`${requests} sequential requests per call through app.inject (page size 25)\n`);
console.log('| call               | p50 ms  | p95 ms  |');
console.log('|--------------------|---------|---------|');
for (const row of rows) console.log(row);
console.log(
  `\ninvoice PDF (${pdfType.split(';')[0]}): first ${first(pdfTimings).toFixed(0)} ms (starts Chromium), then p50 ${nth(
    [...pdfTimings.slice(1)].sort((a, b) => a - b),
    2,
  ).toFixed(0)} ms`,
);

await app.close();
await databases.close();
fs.rmSync(dataDir, { recursive: true, force: true });
