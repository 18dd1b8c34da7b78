import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import pg from 'pg';
import { isErrorCode } from '@meterline/contract/errors';
import { inject } from 'vitest';
import { buildApp, type AppDependencies } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { DatabaseRegistry, openPglite, openPostgres, type Database, type Db } from '../src/db/client';
import type { Clock } from '../src/lib/clock';
import type { Mailer, MailMessage } from '../src/lib/mailer';
import { getOrCreateSecret } from '../src/modules/secrets/secrets.repository';
import { databaseUrlFor } from './global-setup';

export const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A clock the test moves by hand. */
export function createTestClock(start = new Date()): Clock & { advance(seconds: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (seconds) => {
      current += seconds * 1000;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (message) => void sent.push(message) };
}

async function openTestDatabase(alias: string): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const name = `meterline_t_${process.ppid}_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
    await admin.end();
    const database = await openPostgres(databaseUrlFor(baseUrl, name), alias, { max: 20 });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        const dropper = new pg.Client({ connectionString: baseUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-test-'));
  fs.cpSync(inject('templateDir'), dir, { recursive: true });
  const database = await openPglite(dir, alias, { lock: false });
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  databases: DatabaseRegistry;
  db: Db;
  clock: ReturnType<typeof createTestClock>;
  mailer: ReturnType<typeof createMemoryMailer>;
  /** The token signing key (to forge tokens in security tests). */
  secret: string;
  /** Every route the app registered, as Fastify saw it. */
  routes: RouteOptions[];
  close(): Promise<void>;
}

/** A fresh app on its own copy of the migrated template database (plus optional extra aliases). */
export async function createTestContext(
  options: {
    aliases?: string[];
    env?: Record<string, string>;
    /** The app's logger (default: off). */
    logger?: AppDependencies['logger'];
    /** The app's job queue, made by the test on the app's databases (default: the app makes its own). */
    jobs?: (databases: DatabaseRegistry) => AppDependencies['jobs'];
    /** Messages' retries and time-out (default: retries without waiting, 2 s per call to a provider). */
    notifications?: AppDependencies['notifications'];
  } = {},
): Promise<TestContext> {
  const map = new Map<string, Database>();
  map.set('default', await openTestDatabase('default'));
  for (const alias of options.aliases ?? []) map.set(alias, await openTestDatabase(alias));
  const databases = new DatabaseRegistry(map);
  const config = loadConfig({
    NODE_ENV: 'test',
    ARGON2_MEMORY_KIB: '8',
    ARGON2_TIME_COST: '1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // On PostgreSQL, requests wait their turn (plugins/admission.ts) as long as a slow, busy machine
    // needs: a suite never fails because the machine is slow. The busy test sets its own bound.
    DATABASE_QUEUE_TIMEOUT_MS: '600000',
    ...options.env,
  });
  const clock = createTestClock();
  const mailer = createMemoryMailer();
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    config,
    databases,
    clock,
    mailer,
    logger: options.logger ?? false,
    jobs: options.jobs?.(databases),
    notifications: options.notifications ?? {
      retry: { maxAttempts: 3, delaysMs: [0], leaseMs: 5 * 60_000, sleep: async () => undefined },
      timeoutMs: 2_000,
    },
    onRoute: (route) => void routes.push(route),
  });
  await app.ready();
  const secret = await getOrCreateSecret(databases.default, 'jwt-signing-key');
  return {
    app,
    config,
    databases,
    db: databases.default,
    clock,
    mailer,
    secret,
    routes,
    close: async () => {
      await app.close();
      await databases.close();
    },
  };
}

/** Builds a JWT by hand: for forged-token tests (alg none, edited payload, wrong key, expired). */
export function signRawToken(header: Record<string, unknown>, payload: Record<string, unknown>, key: string | null): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode(header)}.${encode(payload)}`;
  if (key === null) return `${body}.`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** Requests as a signed-in user: `client.get('/api/...')`. */
export interface Client {
  token: string;
  refresh: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

/**
 * Every refusal any API test meets carries catalog codes (docs/api.md): an error answer whose `code`
 * or field error code is not in ERROR_CODES fails the test that met it.
 */
export function assertCatalogCodes(response: LightMyRequestResponse): LightMyRequestResponse {
  if (response.statusCode < 400 || !String(response.headers['content-type'] ?? '').includes('json')) return response;
  const body = response.json() as { code?: unknown; errors?: { code?: unknown }[] };
  const codes = [body.code, ...(body.errors ?? []).map((item) => item.code)];
  const unknown = codes.filter((code) => !isErrorCode(code));
  if (unknown.length) throw new Error(`error answer with codes outside the catalog: ${JSON.stringify(unknown)} in ${response.body}`);
  if (response.statusCode === 400 && !Array.isArray(body.errors)) throw new Error(`400 without its coded errors: ${response.body}`);
  return response;
}

export function clientWithToken(app: FastifyInstance, token: string, refresh = ''): Client {
  const request = async (options: InjectOptions) =>
    assertCatalogCodes(await app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...(options.headers ?? {}) } }));
  return {
    token,
    refresh,
    request,
    get: (url, headers) => request({ method: 'GET', url, headers }),
    post: (url, body, headers) => request({ method: 'POST', url, payload: body as InjectOptions['payload'], headers }),
    put: (url, body, headers) => request({ method: 'PUT', url, payload: body as InjectOptions['payload'], headers }),
    delete: (url, body) => request({ method: 'DELETE', url, payload: body as InjectOptions['payload'] }),
  };
}

export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  extra: Record<string, string> = {},
): Promise<Client> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/jwt/create/', payload: { username, password, ...extra } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.statusCode} ${response.body}`);
  const { access, refresh } = response.json();
  return clientWithToken(app, access, refresh);
}

/** The field names of a 400 body, without its `code`, `params` and `errors` (sorted). */
export function fieldsOf(body: Record<string, unknown>): string[] {
  return Object.keys(body)
    .filter((key) => !['code', 'params', 'errors'].includes(key))
    .sort();
}
