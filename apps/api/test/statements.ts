import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { vi } from 'vitest';

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

export async function countStatements<T>(send: () => Promise<T>): Promise<{ response: T; statements: number }> {
  const pglite = PGlite.prototype as unknown as { _runExclusiveQuery: () => Promise<unknown> };
  const everyPglite = vi.spyOn(pglite, '_runExclusiveQuery');
  // PGlite's statements outside a transaction (the job queue's among them) also pass through these.
  const outside = [vi.spyOn(PGlite.prototype, 'query'), vi.spyOn(PGlite.prototype, 'exec')];
  const everyPostgres = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const response = await send();
    const jobQueue = outside.reduce((sum, spy) => sum + spy.mock.calls.filter(isJobQueue).length, 0);
    const postgres = everyPostgres.mock.calls.filter((call) => !isJobQueue(call)).length;
    return { response, statements: everyPglite.mock.calls.length - jobQueue + postgres - AUTHENTICATION };
  } finally {
    for (const spy of [everyPglite, ...outside, everyPostgres]) spy.mockRestore();
  }
}
