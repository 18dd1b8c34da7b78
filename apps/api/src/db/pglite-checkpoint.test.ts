import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { first } from '@meterline/contract/invariant';
import { openPglite, type Database } from './client';

/**
 * A start after `kill -9` (docs/operations.md, "Faults") replays the WAL written since the last checkpoint, and
 * PGlite (one single-user backend, no checkpointer) checkpointed only at 1 GB of WAL or a clean
 * stop. The embedded database now checkpoints at 64 MB of WAL, every few minutes, and on demand.
 */
let dir: string;
let database: Database;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-checkpoint-'));
  fs.cpSync(inject('templateDir'), dir, { recursive: true });
  database = await openPglite(dir, 'default', { lock: false });
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Bytes of WAL a crash now would replay: from the last checkpoint's redo point to the current end. */
async function walToReplay(): Promise<number> {
  const result = (await database.db.execute(
    sql`select (pg_current_wal_lsn() - redo_lsn)::bigint::text as behind from pg_control_checkpoint()`,
  )) as unknown as { rows: { behind: string }[] };
  return Number(first(result.rows, 'the control file').behind);
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database bounds what a crash replays', () => {
  it('runs with max_wal_size 64MB instead of PostgreSQL’s 1GB', async () => {
    const result = (await database.db.execute(sql`show max_wal_size`)) as unknown as { rows: { max_wal_size: string }[] };
    expect(first(result.rows, 'the setting').max_wal_size).toBe('64MB');
  });

  it('after a checkpoint, a crash would replay next to nothing of what was written before it', async () => {
    await database.db.execute(sql`create table checkpoint_probe as select g, repeat('x', 400) as filler from generate_series(1, 20000) g`);
    expect(await walToReplay()).toBeGreaterThan(4 * 1024 * 1024);
    await database.checkpoint!();
    expect(await walToReplay()).toBeLessThan(64 * 1024);
  });
});
