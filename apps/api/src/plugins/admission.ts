import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serverBusy } from '../lib/http-errors';

/**
 * Busy is not down (docs/operations.md, "Faults"). A request takes several connections one after another
 * (its sign-in check, its scope, its transaction): with every connection in use, each of its
 * statements queued behind the whole burst again, so at saturation every request waited n times
 * and the burst ended in time-outs and `database_unavailable` (a cliff, not a slope). Requests now
 * take a turn at the door instead: at most `limit` of them (the pool's size) run at once, each to
 * its end; the others wait in arrival order, at most `timeoutMs`, and at most `maxWaiting` of them;
 * past either bound the answer is 503 `server_busy` with `Retry-After`, before anything was read or
 * written, so the same request (with its Idempotency-Key) may simply be sent again.
 */
export interface AdmissionQueue {
  /** Resolves a release function once the request may run, or null when it must be refused. */
  enter(): Promise<(() => void) | null>;
  /** Requests running and waiting now (metrics, tests). */
  state(): { running: number; waiting: number };
}

export function createAdmissionQueue(options: { limit: number; timeoutMs: number; maxWaiting: number }): AdmissionQueue {
  let running = 0;
  const waiting: { grant: (release: () => void) => void }[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next.grant(releaseOnce());
    else running -= 1;
  };
  const releaseOnce = () => {
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      release();
    };
  };

  return {
    enter() {
      if (running < options.limit) {
        running += 1;
        return Promise.resolve(releaseOnce());
      }
      if (waiting.length >= options.maxWaiting) return Promise.resolve(null);
      return new Promise((resolve) => {
        const item = {
          grant: (granted: () => void) => {
            clearTimeout(timer);
            resolve(granted);
          },
        };
        const timer = setTimeout(() => {
          const index = waiting.indexOf(item);
          if (index >= 0) waiting.splice(index, 1);
          resolve(null);
        }, options.timeoutMs);
        waiting.push(item);
      });
    },
    state: () => ({ running, waiting: waiting.length }),
  };
}

/**
 * Requests that take no turn: the web app's files and the API's documentation (no database), the
 * health probes and the metrics (bounded on their own, and they must answer while a burst waits).
 */
function takesATurn(request: FastifyRequest): boolean {
  const url = request.url;
  return url.startsWith('/api/') && !['/api/health/', '/api/metrics', '/api/docs'].some((prefix) => url.startsWith(prefix));
}

async function admissionPlugin(app: FastifyInstance, options: { queue: AdmissionQueue | null }) {
  app.decorate('admission', options.queue);
  const queue = options.queue;
  if (!queue) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!takesATurn(request)) return;
    const release = await queue.enter();
    if (!release) {
      request.log.warn(queue.state(), 'server busy: no turn at the database in time');
      throw serverBusy();
    }
    // The turn ends when the answer is sent or the client goes away, whichever comes first (a
    // client gone while it waited hands its turn on at once).
    if (reply.raw.closed) release();
    else reply.raw.once('close', release);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    admission: AdmissionQueue | null;
  }
}

export const admission = fp(admissionPlugin, { name: 'admission' });
