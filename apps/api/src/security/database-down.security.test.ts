import net from 'node:net';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { first, nth } from '@meterline/contract/invariant';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DatabaseRegistry, openPostgres, type Database } from '../db/client';
import { invoices } from '../db/schema/index';
import { servicePath } from '../../test/billing';
import { createFixture, type Fixture } from '../../test/fixtures';
import { databaseUrlFor } from '../../test/global-setup';
import { isPostgres, type Client, type TestContext } from '../../test/harness';

/**
 * PostgreSQL unreachable in the middle of a run (docs/operations.md, "Faults"): the API talks to PostgreSQL
 * through a TCP proxy this test stops and starts again (the machine's PostgreSQL keeps running).
 */
class PostgresProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** PostgreSQL "goes away": open connections are cut and new ones refused. */
  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server!.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

const baseUrl = process.env.TEST_DATABASE_URL ?? '';
let proxy: PostgresProxy;
let database: Database;
let context: TestContext;
let fixture: Fixture;
let admin: Client;
let dbName = '';

beforeAll(async () => {
  if (!isPostgres) return;
  const url = new URL(baseUrl);
  dbName = `meterline_down_${process.pid}_${Date.now()}`;
  const creator = new pg.Client({ connectionString: baseUrl });
  await creator.connect();
  await creator.query(`create database ${dbName} template ${inject('templateDatabase')}`);
  await creator.end();
  proxy = new PostgresProxy({ host: url.hostname, port: Number(url.port || 5432) });
  await proxy.start();
  const proxied = new URL(databaseUrlFor(baseUrl, dbName));
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  database = await openPostgres(proxied.toString(), 'default', { max: 4 });
  const databases = new DatabaseRegistry(new Map([['default', database]]));
  const config = loadConfig({ NODE_ENV: 'test', ARGON2_MEMORY_KIB: '8', ARGON2_TIME_COST: '1', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, databases, logger: false });
  await app.ready();
  context = { app, config, databases, db: database.db, close: async () => app.close() } as unknown as TestContext;
  fixture = await createFixture(context);
  admin = await fixture.as('a.admin');
});

afterAll(async () => {
  if (!isPostgres) return;
  await context?.close();
  await database?.close();
  const dropper = new pg.Client({ connectionString: baseUrl });
  await dropper.connect();
  await dropper.query(`drop database if exists ${dbName} with (force)`);
  await dropper.end();
});

describe.runIf(isPostgres)('PostgreSQL unreachable mid-run', () => {
  it("answers 503 database_unavailable in the caller's language while it is down, writes nothing, and recovers without a restart", async () => {
    const path = (rest: string) => servicePath(fixture.tenantA, rest);
    const customer = (await admin.post(path('customers/'), { full_name: 'Before The Outage' })).json() as { id: number };
    const invoiceBody = {
      customer: customer.id,
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      lines: [{ description: 'Supply', quantity: '1', unit_price: '12.50' }],
    };
    expect((await admin.post(path('invoices/'), invoiceBody, { 'idempotency-key': 'before' })).statusCode).toBe(201);
    const { before } = first(await database.db.select({ before: count() }).from(invoices));

    await proxy.stop();
    const down = [
      await admin.get(path('customers/')),
      await admin.post(path('invoices/'), invoiceBody, { 'idempotency-key': 'during' }),
      await admin.get(path(`customers/${customer.id}/`), { 'accept-language': 'ar' }),
      await context.app.inject({
        method: 'POST',
        url: '/api/auth/jwt/create/',
        payload: { username: 'a.accountant', password: 'whatever-123' },
      }),
    ];
    expect(down.map((response) => response.statusCode)).toEqual([503, 503, 503, 503]);
    expect(first(down).json()).toEqual({
      code: 'database_unavailable',
      detail: 'The database cannot be reached right now. Nothing was saved; try again in a moment.',
    });
    expect(first(down).headers['retry-after']).toBe('5');
    expect(nth(down, 2).json()).toMatchObject({
      code: 'database_unavailable',
      detail: expect.stringContaining('تعذّر الوصول إلى قاعدة البيانات'),
    });
    for (const response of down) expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack|at /);

    await proxy.start(); // same port: PostgreSQL is back
    const again = await admin.get(path('customers/'));
    expect(again.statusCode).toBe(200);
    const { during } = first(await database.db.select({ during: count() }).from(invoices));
    expect(during).toBe(before); // the refused write left nothing
    const retried = await admin.post(path('invoices/'), invoiceBody, { 'idempotency-key': 'after' });
    expect(retried.statusCode).toBe(201);
    console.info(
      `database-down: answers-while-down=${down.length} all-503=${down.every((r) => r.statusCode === 503)} rows-written-while-down=${during - before} recovered-without-restart=${again.statusCode === 200 && retried.statusCode === 201}`,
    );
  });
});
