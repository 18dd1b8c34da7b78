import { describe, expect, it } from 'vitest';
import { resolveWorkerCount } from './workers';

describe('resolveWorkerCount', () => {
  it('runs one process when WEB_CONCURRENCY is not set', () => {
    expect(resolveWorkerCount(undefined, { hasPostgres: true })).toEqual({ count: 1, notice: null });
    expect(resolveWorkerCount('', { hasPostgres: false })).toEqual({ count: 1, notice: null });
  });

  it('runs N processes over PostgreSQL', () => {
    expect(resolveWorkerCount('4', { hasPostgres: true })).toEqual({ count: 4, notice: null });
  });

  it('forces one process on PGlite and says why', () => {
    const { count, notice } = resolveWorkerCount('2', { hasPostgres: false });
    expect(count).toBe(1);
    expect(notice).toContain('needs PostgreSQL (DATABASE_URL)');
  });

  it('refuses a count that is not a whole number of processes', () => {
    for (const value of ['0', '-2', '1.5', 'many']) {
      const { count, notice } = resolveWorkerCount(value, { hasPostgres: true });
      expect(count).toBe(1);
      expect(notice).toContain('not a whole number');
    }
  });
});
