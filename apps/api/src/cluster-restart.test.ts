import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type Server } from './security/crash-rounds';
import { databaseUrlFor } from '../test/global-setup';
import { isPostgres } from '../test/harness';

/*
 * `WEB_CONCURRENCY=2` (docs/operations.md) over PostgreSQL runs a node:cluster primary and two API
 * processes; when one dies the primary starts another (docs/operations.md, "Several processes").
 * The server runs as `npm start` runs it (src/server.ts, NODE_ENV=production) on a database made
 * for this test from the migrated template and dropped after.
 */

/** A wait fails only when its condition has not held for this long (a bound, never a speed). */
const PATIENCE_MS = 180_000;
const METRICS_TOKEN = 'cluster-test-metrics-token-0123456789';

/** The API processes whose parent is `pid` (Linux: /proc), not its other children (tsx's esbuild). */
function workersOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server.ts')) children.push(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return children.sort((a, b) => a - b);
}

/** Polls `read` until `until` holds; fails after PATIENCE_MS with the last value seen. */
async function waitFor<T>(what: string, read: () => Promise<T> | T, until: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (until(last)) return last;
    if (Date.now() - started > PATIENCE_MS) throw new Error(`${what}: still ${JSON.stringify(last)} after ${PATIENCE_MS / 1000} s`);
    await sleep(100);
  }
}

async function get(server: Server, path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  try {
    const response = await fetch(`${server.baseUrl}${path}`, { headers, signal: AbortSignal.timeout(10_000) });
    return { status: response.status, text: await response.text() };
  } catch {
    return { status: 0, text: '' };
  }
}

const baseUrl = process.env.TEST_DATABASE_URL ?? '';
const dbName = `meterline_cluster_${process.pid}_${Date.now()}`;
let server: Server | null = null;
/** The server's stdout (the logs) and stderr (the primary's lines) from its start on. */
let output = '';
let errors = '';

beforeAll(async () => {
  if (!isPostgres) return;
  const creator = new pg.Client({ connectionString: baseUrl });
  await creator.connect();
  await creator.query(`create database ${dbName} template ${inject('templateDatabase')}`);
  await creator.end();
});

afterAll(async () => {
  if (!isPostgres) return;
  if (server && server.child.exitCode === null) {
    const workers = workersOf(server.child.pid ?? 0);
    server.child.kill('SIGKILL');
    for (const pid of workers) process.kill(pid, 'SIGKILL');
    await server.exited;
  }
  const dropper = new pg.Client({ connectionString: baseUrl });
  await dropper.connect();
  await dropper.query(`drop database if exists ${dbName} with (force)`);
  await dropper.end();
});

describe.runIf(isPostgres)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('starts a new API process when one is killed, and the new processes answer', { timeout: 2_400_000 }, async () => {
    server = await startServer({
      DATABASE_URL: databaseUrlFor(baseUrl, dbName),
      WEB_CONCURRENCY: '2',
      METRICS_TOKEN,
      LOG_LEVEL: 'info',
    });
    const running = server;
    running.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    running.child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const primary = running.child.pid ?? 0;
    const originals = await waitFor(
      'the two API processes',
      () => workersOf(primary),
      (pids) => pids.length === 2,
    );
    expect((await get(running, '/api/health/live')).status).toBe(200);

    // One process killed: the primary starts another in its place.
    const [killed, survivor] = originals as [number, number];
    process.kill(killed, 'SIGKILL');
    const afterFirst = await waitFor(
      'a new process in place of the killed one',
      () => workersOf(primary),
      (pids) => pids.length === 2 && !pids.includes(killed),
    );
    const [replacement] = afterFirst.filter((pid) => pid !== survivor) as [number];

    // The other original too: from now on only processes the primary started again can answer.
    process.kill(survivor, 'SIGKILL');
    const renewed = await waitFor(
      'two new processes',
      () => workersOf(primary),
      (pids) => pids.length === 2 && !pids.includes(survivor),
    );
    expect(renewed).toContain(replacement);
    expect(renewed.some((pid) => originals.includes(pid))).toBe(false);
    expect(
      (
        await waitFor(
          'liveness',
          () => get(running, '/api/health/live'),
          (answer) => answer.status === 200,
        )
      ).text,
    ).toBe('{"status":"ok"}');
    const ready = await waitFor(
      'readiness',
      () => get(running, '/api/health/ready'),
      (answer) => answer.status === 200,
    );
    expect(JSON.parse(ready.text)).toEqual({
      status: 'ok',
      checks: { 'database.default': 'ok', 'migrations.default': 'ok', job_queue: 'ok' },
    });

    // A scrape reaches one process and answers the sum of both (prom-client's AggregatorRegistry in the primary).
    const scrape = await waitFor(
      'metrics of both processes',
      () => get(running, '/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` }),
      (answer) => /^meterline_api_processes 2$/m.test(answer.text),
    );
    expect(scrape.status).toBe(200);
    expect(scrape.text).toMatch(/^meterline_db_pool_idle\{alias="default"\} \d+$/m);

    // The production logs: one JSON object per line, each line of a request with its id.
    expect((await get(running, '/api/auth/users/me/', { 'x-request-id': 'cluster-probe-1' })).status).toBe(401);
    const lines = await waitFor(
      'the log lines of the request',
      () => output.split('\n').filter((line) => line.includes('cluster-probe-1')),
      (found) => found.some((line) => line.includes('request completed')),
    );
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ reqId: 'cluster-probe-1', pid: expect.any(Number) });
    expect(errors).toContain(`API process ${killed} ended (SIGKILL); starting another.`);

    // SIGTERM to the primary stops every process.
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(workersOf(primary)).toEqual([]);
  });
});
