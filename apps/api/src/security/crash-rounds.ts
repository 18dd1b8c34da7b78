import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { first } from '@meterline/contract/invariant';
import { REPO_ROOT } from '../config';
import { openPglite, openPostgres, type Database, type Db } from '../db/client';
import { services, tenants, users } from '../db/schema/index';
import { createPasswordHasher } from '../lib/password';
import { provisionTenantData } from '../modules/tenants/tenant-provisioning';

/**
 * docs/operations.md, "Faults": the API is killed with `kill -9` at random moments during money writes, then
 * started again; at the end the database is read directly. Used by `crash-rounds.security.test.ts`
 * (a few rounds) and `npm run test:crash` (many rounds, figures for docs/security.md).
 */
export interface CrashOptions {
  engine: 'pglite' | 'postgres';
  rounds: number;
  writesPerRound: number;
  /** For engine postgres: a server URL whose user may create databases. */
  postgresUrl?: string;
  /** Seed of the kill moments (printed, so a failing run can be replayed). */
  seed?: number;
  log?: (line: string) => void;
}

export interface CrashFigures {
  engine: string;
  rounds: number;
  kills: number;
  restartsWithoutRepair: number;
  acknowledgedInvoices: number;
  acknowledgedPayments: number;
  lostInvoices: number;
  lostPayments: number;
  invoices: number;
  invoicesTotalDiffersFromLines: number;
  payments: number;
  orphanPayments: number;
  invoicesPaidMismatch: number;
  balancesMismatch: number;
  numberingProblems: number;
  seed: number;
}

export const USERNAME = 'crash.admin';
export const PASSWORD = 'crash-rounds-Passw0rd!';

/** A small deterministic generator, so a seed replays the same kill moments. */
function randomFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

/** A port nobody listens on now (127.0.0.1), for a process a test or the crash rounds start. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function prepare(database: Database) {
  await database.migrate();
  const db = database.db;
  const tenant = first(
    await db
      .insert(tenants)
      .values({ name: 'Crash Rounds', slug: `crash-${randomUUID().slice(0, 8)}`, dbAlias: 'default' })
      .returning(),
    'a row inserted into tenants',
  );
  await provisionTenantData(db, tenant.id, { companyName: 'Crash Rounds Co.' });
  const hash = await createPasswordHasher({ memoryCost: 8, timeCost: 1 }).hash(PASSWORD);
  await db.insert(users).values({
    tenantId: tenant.id,
    username: USERNAME,
    email: 'crash@example.com',
    passwordHash: hash,
    role: 'admin',
    firstName: 'Crash',
    lastName: 'Admin',
  });
  await db.execute(sql`update settings set tax_rate = 11 where tenant_id = ${tenant.id}`);
  const service = first(
    await db
      .select()
      .from(services)
      .where(sql`${services.tenantId} = ${tenant.id}`)
      .limit(1),
    'a service of the new tenant',
  );
  return { serviceId: service.id };
}

export interface Server {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<number | null>;
}

/** Starts `src/server.ts` as `npm start` does and resolves once it says it is listening (rejects if it dies first). */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
      ARGON2_MEMORY_KIB: '8',
      ARGON2_TIME_COST: '1',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Meterline is running')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`the API exited (${code}) before listening:\n${output.slice(-2000)}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, exited };
}

export interface Acknowledged {
  invoices: Map<number, { number: string; total: string }>;
  payments: Map<number, { invoice: number; amount: string }>;
}

export async function call(
  baseUrl: string,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * Writes money until `killAfter` writes are acknowledged, then kills the API with SIGKILL while
 * the other workers' requests are in flight. Only 2xx answers count as acknowledged.
 */
async function writeUntilKilled(
  server: Server,
  serviceId: number,
  customerId: number,
  token: string,
  killAfter: number,
  acknowledged: Acknowledged,
  random: () => number,
) {
  let done = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    server.child.kill('SIGKILL');
  };
  const base = `/api/services/${serviceId}`;
  const worker = async () => {
    while (!killed) {
      try {
        const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, index) => ({
          description: `Line ${index + 1}`,
          quantity: String(1 + Math.floor(random() * 5)),
          unit_price: (1 + Math.floor(random() * 9999) / 100).toFixed(2),
        }));
        const created = await call(
          server.baseUrl,
          token,
          'POST',
          `${base}/invoices/`,
          { customer: customerId, period_start: '2026-10-01', period_end: '2026-10-31', lines },
          { 'idempotency-key': randomUUID() },
        );
        if (created.status !== 201) throw new Error(`invoice: ${created.status} ${JSON.stringify(created.body)}`);
        acknowledged.invoices.set(created.body.id as number, {
          number: created.body.number as string,
          total: created.body.total as string,
        });
        done += 1;
        if (done >= killAfter) kill();
        if (killed) break;
        const partial = random() < 0.3;
        const paid = await call(
          server.baseUrl,
          token,
          'PUT',
          `${base}/invoices/${created.body.id}/create_payment/`,
          partial ? { amount: '1.00' } : {},
          { 'idempotency-key': randomUUID() },
        );
        if (paid.status !== 201) throw new Error(`payment: ${paid.status} ${JSON.stringify(paid.body)}`);
        acknowledged.payments.set(paid.body.id as number, { invoice: created.body.id as number, amount: paid.body.amount as string });
        done += 1;
        if (done >= killAfter) kill();
      } catch (error) {
        if (killed) break; // a request cut by the kill: not acknowledged, nothing to record
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  await server.exited;
}

export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function verify(db: Db, acknowledged: Acknowledged) {
  const invoiceRows = await rows<{ id: number; number: string; total: string }>(
    db,
    sql`select id, number, (total / 100.0)::numeric(20,2)::text as total from invoices`,
  );
  const invoicesById = new Map(invoiceRows.map((row) => [Number(row.id), row]));
  const paymentRows = await rows<{ id: number; invoice_id: number; amount: string }>(
    db,
    sql`select id, invoice_id, (amount / 100.0)::numeric(20,2)::text as amount from payments`,
  );
  const paymentsById = new Map(paymentRows.map((row) => [Number(row.id), row]));
  let lostInvoices = 0;
  for (const [id, invoice] of acknowledged.invoices) {
    const row = invoicesById.get(id);
    if (!row || row.number !== invoice.number || row.total !== invoice.total) lostInvoices += 1;
  }
  let lostPayments = 0;
  for (const [id, payment] of acknowledged.payments) {
    const row = paymentsById.get(id);
    if (!row || Number(row.invoice_id) !== payment.invoice || row.amount !== payment.amount) lostPayments += 1;
  }
  const figureRows = await rows<{
    total_differs: number;
    orphan_payments: number;
    paid_mismatch: number;
    balances_mismatch: number;
    numbering: number;
  }>(
    db,
    sql`select
      (select count(*)::int from invoices i where i.total <> i.subtotal + i.tax
          or i.subtotal <> coalesce((select sum(l.amount) from invoice_lines l where l.invoice_id = i.id), 0)) as total_differs,
      (select count(*)::int from payments p where not exists (select 1 from invoices i where i.id = p.invoice_id)) as orphan_payments,
      (select count(*)::int from invoices i where i.amount_paid <> coalesce((select sum(p.amount) from payments p where p.invoice_id = i.id), 0)) as paid_mismatch,
      (select count(*)::int from customers c where c.balance <> coalesce((select sum(i.total - i.amount_paid) from invoices i where i.customer_id = c.id and i.status <> 'cancelled'), 0)) as balances_mismatch,
      (select count(*)::int from (select s.tenant_id from settings s left join invoices i on i.tenant_id = s.tenant_id
          group by s.tenant_id, s.last_invoice_number having s.last_invoice_number <> count(i.id) or count(i.id) <> count(distinct i.number)) n) as numbering`,
  );
  return {
    lostInvoices,
    lostPayments,
    invoices: invoiceRows.length,
    payments: paymentRows.length,
    ...first(figureRows, 'the row of the figures'),
  };
}

export async function runCrashRounds(options: CrashOptions): Promise<CrashFigures> {
  const log = options.log ?? (() => undefined);
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = randomFrom(seed);
  const cleanups: (() => Promise<void> | void)[] = [];
  let env: { DATA_DIR: string; DATABASE_URL: string };
  let open: () => Promise<Database>;
  if (options.engine === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    open = () => openPglite(path.join(dataDir, 'pglite'));
  } else {
    const baseUrl = options.postgresUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `meterline_crash_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString(), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-crash-pg-')) };
    cleanups.push(() => fs.rmSync(env.DATA_DIR, { recursive: true, force: true }));
    open = () => openPostgres(url.toString(), 'default', { max: 2 });
  }
  const servers: Server[] = [];
  try {
    const setup = await open();
    const { serviceId } = await prepare(setup);
    await setup.close();
    const acknowledged: Acknowledged = { invoices: new Map(), payments: new Map() };
    let server = await startServer(env);
    servers.push(server);
    const signIn = await call(server.baseUrl, null, 'POST', '/api/auth/jwt/create/', { username: USERNAME, password: PASSWORD });
    if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${JSON.stringify(signIn.body)}`);
    const token = signIn.body.access as string;
    const customer = await call(server.baseUrl, token, 'POST', `/api/services/${serviceId}/customers/`, { full_name: 'Crash Customer' });
    if (customer.status !== 201) throw new Error(`customer: ${customer.status}`);
    let kills = 0;
    let restarts = 0;
    for (let round = 1; round <= options.rounds; round += 1) {
      const killAfter = 1 + Math.floor(random() * options.writesPerRound);
      await writeUntilKilled(server, serviceId, customer.body.id as number, token, killAfter, acknowledged, random);
      kills += 1;
      // Started again as is: no repair, the stale lock (PGlite) is taken over.
      server = await startServer(env);
      servers.push(server);
      const me = await call(server.baseUrl, token, 'GET', '/api/auth/users/me/');
      if (me.status === 200) restarts += 1;
      log(`round ${round}: killed after ${killAfter} acknowledged writes, restarted (${me.status})`);
    }
    server.child.kill('SIGTERM');
    await server.exited;
    const check = await open();
    try {
      const result = await verify(check.db, acknowledged);
      return {
        engine: options.engine,
        rounds: options.rounds,
        kills,
        restartsWithoutRepair: restarts,
        acknowledgedInvoices: acknowledged.invoices.size,
        acknowledgedPayments: acknowledged.payments.size,
        lostInvoices: result.lostInvoices,
        lostPayments: result.lostPayments,
        invoices: result.invoices,
        invoicesTotalDiffersFromLines: result.total_differs,
        payments: result.payments,
        orphanPayments: result.orphan_payments,
        invoicesPaidMismatch: result.paid_mismatch,
        balancesMismatch: result.balances_mismatch,
        numberingProblems: result.numbering,
        seed,
      };
    } finally {
      await check.close();
    }
  } finally {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

/** The figures, one line each (docs/security.md: `name: key=value ...`). */
export function crashFigureLines(figures: CrashFigures): string[] {
  const tag = `[${figures.engine}]`;
  return [
    `crash-rounds${tag}: rounds=${figures.rounds} kills=${figures.kills} restarts-without-repair=${figures.restartsWithoutRepair}/${figures.kills} seed=${figures.seed}`,
    `crash-acknowledged-lost${tag}: acknowledged=${figures.acknowledgedInvoices + figures.acknowledgedPayments} (invoices=${figures.acknowledgedInvoices} payments=${figures.acknowledgedPayments}) lost=${figures.lostInvoices + figures.lostPayments}`,
    `crash-invoice-totals${tag}: invoices=${figures.invoices} total-differs-from-lines=${figures.invoicesTotalDiffersFromLines}`,
    `crash-orphan-payments${tag}: payments=${figures.payments} orphan=${figures.orphanPayments} invoice-paid-differs=${figures.invoicesPaidMismatch}`,
    `crash-balances${tag}: balance-differs=${figures.balancesMismatch} numbering-problems=${figures.numberingProblems}`,
  ];
}
