import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { yieldToRequests } from '../lib/background';
import { dumpPglite } from './backup';
import { acquireDataDirLock, type DataDirLock } from './lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database or a transaction on it: repositories accept either. */
export type Executor = Db | Tx;

/** The alias of the database holding tenants, users and sessions (and the data of tenants placed on it). */
export const DEFAULT_ALIAS = 'default';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// node-postgres returns int8 and numeric as exact strings; PGlite is told to do the same for int8
// (its default is a lossy JS number), so both drivers hand Drizzle the same exact text.
const pgliteParsers = { [types.INT8]: (value: string) => value };

/**
 * PGlite runs PostgreSQL in the process's own memory: its shared buffers are memory of the API
 * process. 32 MB instead of PostgreSQL's 128 MB keeps the embedded API under 300 MB (docs/performance.md);
 * pages not in them are read from the data directory through the system's file cache.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', 'max_wal_size=64MB'];

/**
 * A start after `kill -9` replays the write-ahead log written since the last checkpoint (docs/operations.md,
 * "Faults": 30-179 s on a busy machine). PGlite runs PostgreSQL as one single-user backend, with no
 * checkpointer process: `checkpoint_timeout` never fires, and a checkpoint came only when the WAL
 * reached `max_wal_size` (1 GB by default) or at a clean stop. Now `max_wal_size` is 64 MB, the
 * process checkpoints every few minutes while it runs, and after the demo seed (server.ts).
 */
const PGLITE_CHECKPOINT_EVERY_MS = 5 * 60_000;

/**
 * The extensions the migrations create (0019: pg_trgm, the customer search's index). PGlite loads an
 * extension's code only when told to, so every PGlite opened on a data directory lists them: an
 * insert into a table with a trigram index needs it.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Plain SQL on the database's own connection (PGlite's one client, PostgreSQL's pool), for the job
 * queue (pg-boss's `db` option): a text without values may hold several statements.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

export interface Database {
  alias: string;
  kind: 'pglite' | 'postgres';
  db: Db;
  sql: SqlExecutor;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Embedded only: a checkpoint now, so that a crash replays nothing written before it. */
  checkpoint?(): Promise<void>;
  /** Embedded only: a consistent copy of the data directory as a .tar.gz, taken while it serves (`npm run backup`). */
  backup?(file: string): Promise<number>;
  /** PostgreSQL only: the pool's connections now (PGlite is one connection inside the process). */
  connections?(): PoolConnections;
}

/** A pool's state for the metrics: connections in use, idle, and queries waiting for one. */
export interface PoolConnections {
  inUse: number;
  idle: number;
  waiting: number;
}

/**
 * The `when` of the journal's last migration: drizzle's migrator writes it as `created_at` in
 * `drizzle.__drizzle_migrations`, so a database whose latest row is older has migrations to run.
 */
export function latestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * The PGlite client as Drizzle sees it: a query or transaction started by background work (a job)
 * first lets waiting requests in (`lib/background.ts`); requests themselves go straight through.
 */
function yieldingInBackground(client: PGlite): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query' || property === 'exec' || property === 'transaction') {
        return async (...args: unknown[]) => {
          await yieldToRequests();
          return (value as (...args: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
}

export async function openPglite(dataDir: string, alias = 'default', options: { lock?: boolean } = {}): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock: DataDirLock | null = options.lock === false ? null : acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(dataDir, {
      parsers: pgliteParsers,
      startParams: PGLITE_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
    });
    const db = drizzlePglite(yieldingInBackground(client), { schema }) as unknown as Db;
    const checkpoint = async () => void (await client.exec('CHECKPOINT'));
    const checkpoints = setInterval(() => void checkpoint().catch(() => undefined), PGLITE_CHECKPOINT_EVERY_MS);
    checkpoints.unref();
    return {
      alias,
      kind: 'pglite',
      db,
      sql: {
        async executeSql(text, values) {
          if (values?.length) {
            const answer = await client.query(text, values);
            return { rows: answer.rows, rowCount: answer.affectedRows ?? answer.rows.length };
          }
          // Without values, the text may be several statements (pg-boss's schema): the simple protocol.
          const answers = await client.exec(text);
          const last = answers.at(-1);
          return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
        },
      },
      migrate: async () => {
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      },
      checkpoint,
      close: async () => {
        clearInterval(checkpoints);
        await client.close();
        lock?.release();
      },
      backup: (file) => dumpPglite(client, file),
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export async function openPostgres(url: string, alias = 'default', options: { max?: number } = {}): Promise<Database> {
  // A database that cannot be reached fails a request within 5 s (answered 503), instead of hanging it;
  // a request waiting that long for a free connection is answered `server_busy` (lib/http-errors.ts).
  // JIT off (docs/billing.md): the billing engine's ledger query is estimated at ~10^6 rows (a
  // generate_series per reading) and PostgreSQL spent 1.4 s compiling it for a 47 ms run, per batch.
  // Short statements over indexes, which is all this API runs, never gain from JIT.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    options: '-c jit=off',
  });
  // A connection cut (a restart, a fail-over, a pooler's idle cut, pg_terminate_backend) makes its
  // client emit 'error'. The pool listens only while a client is idle: a client checked out by a
  // transaction that waits between two statements had no listener, and Node ends the process on an
  // 'error' event nobody hears, and Node ends the process. Every client gets its own listener for its whole life; the
  // query in flight fails (answered 503 `database_unavailable`) and the pool drops the client on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error(`[db:${alias}] connection lost: ${error.message}`));
  });
  // The pool re-emits an idle client's error, and throws it when nobody listens: the client's own
  // listener above has logged it already.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Drizzle's transaction on a pool sends BEGIN before the block that gives the connection back: a
  // connection cut at that moment was never returned, and the pool shrank by one for good (found by
  // connection-faults.security.test.ts: the pool could not end). Each transaction here checks out
  // its client and always hands it back; Drizzle runs the transaction on that one client (a Drizzle
  // instance per client, made once). A dead client is dropped by the pool on release.
  const onClient = new WeakMap<pg.PoolClient, Db>();
  db.transaction = async (run, config) => {
    const client = await pool.connect();
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) {
        clientDb = drizzlePg(client, { schema }) as unknown as Db;
        onClient.set(client, clientDb);
      }
      return await clientDb.transaction(run, config);
    } finally {
      client.release();
    }
  };
  return {
    alias,
    kind: 'postgres',
    db,
    sql: {
      async executeSql(text, values) {
        const answer = await pool.query(text, values);
        return { rows: answer.rows, rowCount: answer.rowCount ?? 0 };
      },
    },
    migrate: async () => {
      // One process migrates at a time: several API processes may start together.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
    connections: () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Every configured database, by alias; `default` always exists. */
export class DatabaseRegistry {
  constructor(private readonly databases: Map<string, Database>) {}

  get aliases(): string[] {
    return [...this.databases.keys()];
  }

  get default(): Db {
    return this.get(DEFAULT_ALIAS);
  }

  has(alias: string): boolean {
    return this.databases.has(alias);
  }

  get(alias: string): Db {
    const database = this.databases.get(alias);
    if (!database) throw new Error(`Unknown database alias "${alias}"`);
    return database.db;
  }

  /** The database of an alias with its kind and plain-SQL executor (the job queue's). */
  database(alias: string): Database {
    const database = this.databases.get(alias);
    if (!database) throw new Error(`Unknown database alias "${alias}"`);
    return database;
  }

  all(): Database[] {
    return [...this.databases.values()];
  }

  async migrate(): Promise<void> {
    for (const database of this.databases.values()) await database.migrate();
  }

  async close(): Promise<void> {
    for (const database of this.databases.values()) await database.close();
  }
}

export async function openDatabases(options: {
  dataDir: string;
  databaseUrl: string | null;
  aliasUrls: Record<string, string>;
  pool?: { size: number };
}): Promise<DatabaseRegistry> {
  const databases = new Map<string, Database>();
  const poolOptions = { max: options.pool?.size };
  databases.set(
    'default',
    options.databaseUrl
      ? await openPostgres(options.databaseUrl, 'default', poolOptions)
      : await openPglite(path.join(options.dataDir, 'pglite')),
  );
  for (const [alias, url] of Object.entries(options.aliasUrls)) databases.set(alias, await openPostgres(url, alias, poolOptions));
  return new DatabaseRegistry(databases);
}
