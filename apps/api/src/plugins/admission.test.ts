import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { admission, createAdmissionQueue } from './admission';
import { errorHandler } from './error-handler';
import { databaseFault } from '../lib/http-errors';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the admission queue (busy is not down, issue 33)', () => {
  it('lets `limit` requests run at once and the next ones in arrival order as turns end', async () => {
    const queue = createAdmissionQueue({ limit: 2, timeoutMs: 60_000, maxWaiting: 10 });
    const a = await queue.enter();
    const b = await queue.enter();
    expect(a && b).toBeTruthy();
    const order: string[] = [];
    const c = queue.enter().then((release) => (order.push('c'), release));
    const d = queue.enter().then((release) => (order.push('d'), release));
    expect(queue.state()).toEqual({ running: 2, waiting: 2 });
    a!();
    a!(); // a second call of the same release hands on no extra turn
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect(queue.state()).toEqual({ running: 2, waiting: 1 });
    b!();
    const releaseD = await d;
    expect(order).toEqual(['c', 'd']);
    releaseC!();
    releaseD!();
    expect(queue.state()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a request that waited its whole bound, and one that finds the queue full', async () => {
    const queue = createAdmissionQueue({ limit: 1, timeoutMs: 50, maxWaiting: 1 });
    const held = await queue.enter();
    const waited = queue.enter();
    expect(await queue.enter()).toBeNull(); // the queue of one is full: refused at once
    expect(await waited).toBeNull(); // 50 ms passed without a turn
    expect(queue.state()).toEqual({ running: 1, waiting: 0 });
    held!();
    expect(queue.state()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('server_busy over HTTP', () => {
  it("answers 503 server_busy with Retry-After in the caller's language, never reaching the handler", async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    await app.register(admission, { queue: createAdmissionQueue({ limit: 1, timeoutMs: 100, maxWaiting: 0 }) });
    const slow = gate();
    let handled = 0;
    app.get('/api/slow/', async () => {
      handled += 1;
      await slow.opened;
      return { ok: true };
    });
    app.get('/api/health/live', async () => ({ status: 'ok' }));
    await app.ready();

    const first = app.inject({ method: 'GET', url: '/api/slow/' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await app.inject({ method: 'GET', url: '/api/slow/', headers: { 'accept-language': 'ar' } });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json()).toMatchObject({ code: 'server_busy', retry_after: 2 });
    expect(refused.json().detail).toMatch(/الخادم مشغول/);
    expect(handled).toBe(1);
    // The liveness probe takes no turn: it answers while every turn is taken.
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    slow.open();
    expect((await first).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/slow/' })).statusCode).toBe(200);
    await app.close();
  });

  it('tells a pool that had no connection free in time (busy) from a database that is gone (unavailable)', () => {
    expect(databaseFault(new Error('timeout exceeded when trying to connect'))).toBe('busy');
    expect(databaseFault({ message: 'Failed query', cause: new Error('timeout exceeded when trying to connect') })).toBe('busy');
    expect(databaseFault(new Error('Connection terminated due to connection timeout'))).toBe('unavailable');
    expect(databaseFault(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseFault(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      'unavailable',
    );
  });
});
