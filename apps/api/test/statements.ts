import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { vi } from 'vitest';
import { isBackgroundWork } from '../src/lib/background';

/*
 * The statements one request sent, counted at the driver whichever the tests run on (issue 35,
 * docs/performance.md): every PGlite statement (BEGIN and COMMIT included) goes through its
 * `_runExclusiveQuery`, every PostgreSQL one through `pg.Client#query`. The request's authentication
 * (one statement, plugins/authenticate.statements.test.ts) and the job queue's polling are taken off.
 */
const AUTHENTICATION = 1;

const textOf = (call: unknown[]) => {
  const [query] = call;
  return typeof query === 'string' ? query : String((query as { text?: unknown } | undefined)?.text ?? '');
};
/** The job queue's own polling and upkeep (pg-boss, schema `pgboss`) runs beside the request: not the request's. */
const isJobQueue = (call: unknown[]) => textOf(call).includes('pgboss');

/**
 * A spy that keeps only the calls made outside background work (`inBackground`: a job, the receipt
 * messages queued after an earlier payment's answer, docs/notifications.md): those run beside the
 * request and are not its statements either.
 */
function spyOutsideBackground<T extends object>(target: T, method: keyof T & string) {
  const calls: unknown[][] = [];
  const original = target[method] as unknown as (...args: unknown[]) => unknown;
  const spy = vi.spyOn(target as Record<string, (...args: unknown[]) => unknown>, method).mockImplementation(function (
    this: unknown,
    ...args
  ) {
    if (!isBackgroundWork()) calls.push(args);
    return original.apply(this, args);
  });
  return { calls, restore: () => spy.mockRestore() };
}

export async function countStatements<T>(send: () => Promise<T>): Promise<{ response: T; statements: number }> {
  const pglite = PGlite.prototype as unknown as { _runExclusiveQuery: () => Promise<unknown> };
  const everyPglite = spyOutsideBackground(pglite, '_runExclusiveQuery');
  // PGlite's statements outside a transaction (the job queue's among them) also pass through these.
  const outside = [spyOutsideBackground(PGlite.prototype, 'query'), spyOutsideBackground(PGlite.prototype, 'exec')];
  const everyPostgres = spyOutsideBackground(pg.Client.prototype, 'query');
  try {
    const response = await send();
    const jobQueue = outside.reduce((sum, spy) => sum + spy.calls.filter(isJobQueue).length, 0);
    const postgres = everyPostgres.calls.filter((call) => !isJobQueue(call)).length;
    return { response, statements: everyPglite.calls.length - jobQueue + postgres - AUTHENTICATION };
  } finally {
    for (const spy of [everyPglite, ...outside, everyPostgres]) spy.restore();
  }
}
