import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DatabaseRegistry, openPglite } from '../db/client';
import { PASSWORD, prepare, USERNAME, verify, type Acknowledged } from './crash-rounds';

/**
 * Runs inside `unshare -m` (a private mount namespace, nothing visible outside): the embedded data
 * directory on a small tmpfs, filled to the last byte by a ballast file, then freed again.
 * Prints one `RESULT {json}` line for `full-disk.security.test.ts`.
 */
const mountDir = process.env.FULL_DISK_DIR!;
execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mountDir]);
const pgliteDir = path.join(mountDir, 'pglite');
fs.cpSync(process.env.FULL_DISK_TEMPLATE!, pgliteDir, { recursive: true });
const open = async () => {
  const database = await openPglite(pgliteDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mountDir,
    ARGON2_MEMORY_KIB: '8',
    ARGON2_TIME_COST: '1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, databases: new DatabaseRegistry(new Map([['default', database]])), logger: false });
  return { database, app };
};

let { database, app } = await open();
const { serviceId } = await prepare(database);
const signIn = await app.inject({ method: 'POST', url: '/api/auth/jwt/create/', payload: { username: USERNAME, password: PASSWORD } });
const headers = { authorization: `Bearer ${signIn.json().access}` };
const base = `/api/services/${serviceId}`;
const customerId = (
  await app.inject({ method: 'POST', url: `${base}/customers/`, headers, payload: { full_name: 'Disk Customer' } })
).json().id as number;
const acknowledged: Acknowledged = { invoices: new Map(), payments: new Map() };
const statuses: Record<string, number> = {};
const refusals: unknown[] = [];

/** One invoice (two lines) and its payment; each answer is counted, 2xx ones remembered. */
async function moneyWrite(): Promise<boolean> {
  const created = await app.inject({
    method: 'POST',
    url: `${base}/invoices/`,
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: {
      customer: customerId,
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      notes: 'n'.repeat(1500),
      lines: [
        { description: 'Supply '.repeat(60), quantity: '3', unit_price: '12.34' },
        { description: 'Fee', quantity: '1', unit_price: '5' },
      ],
    },
  });
  statuses[created.statusCode] = (statuses[created.statusCode] ?? 0) + 1;
  if (created.statusCode !== 201) {
    refusals.push({ status: created.statusCode, body: created.json() });
    return false;
  }
  acknowledged.invoices.set(created.json().id, { number: created.json().number, total: created.json().total });
  const paid = await app.inject({
    method: 'PUT',
    url: `${base}/invoices/${created.json().id}/create_payment/`,
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: {},
  });
  statuses[paid.statusCode] = (statuses[paid.statusCode] ?? 0) + 1;
  if (paid.statusCode !== 201) {
    refusals.push({ status: paid.statusCode, body: paid.json() });
    return false;
  }
  acknowledged.payments.set(paid.json().id, { invoice: created.json().id, amount: paid.json().amount });
  return true;
}

await moneyWrite();
// Fill the disk to the last byte.
const ballast = path.join(mountDir, 'ballast');
const fd = fs.openSync(ballast, 'w');
for (const size of [1024 * 1024, 4096]) {
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(size));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
}
fs.closeSync(fd);
let attempts = 0;
let refused = 0;
while (attempts < 400 && refused < 3) {
  attempts += 1;
  if (!(await moneyWrite())) refused += 1;
}
const whileFull = await verify(database.db, acknowledged);
fs.rmSync(ballast);
const afterFree = await moneyWrite();
const freed = await verify(database.db, acknowledged);
await app.close();
await database.close();
// Started again on the same directory: no repair needed.
({ database, app } = await open());
const reopened = await verify(database.db, acknowledged);
const afterReopen = await moneyWrite();
await app.close();
await database.close();
console.log(
  `RESULT ${JSON.stringify({ attempts, statuses, refusals: refusals.slice(0, 3), whileFull, afterFree, freed, reopened, afterReopen, acknowledged: acknowledged.invoices.size + acknowledged.payments.size })}`,
);
execFileSync('umount', [mountDir]);
