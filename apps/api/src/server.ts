import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app';
import { startBanner } from './start-banner';
import { loadConfig } from './config';
import { installBackupSignal } from './db/backup';
import { openDatabases } from './db/client';
import { seedDemo } from './seed/demo';
import { createPasswordHasher } from './lib/password';
import { serveClusterMetrics } from './lib/metrics';
import { resolveWorkerCount } from './lib/workers';

const startedAt = performance.now();
/** Where a start's time goes (docs/operations.md, "Faults"): each phase's seconds, printed once it listens. */
const phases: [string, number][] = [];
let phaseStartedAt = startedAt;
const endPhase = (name: string) => {
  const now = performance.now();
  phases.push([name, (now - phaseStartedAt) / 1000]);
  phaseStartedAt = now;
};
// Before this line: `npm start`'s own steps (scripts/start.mjs: the web build when its sources
// changed, the API bundle), then Node and the API's modules.
const before = JSON.parse(process.env.METERLINE_START_PHASES ?? '[]') as [string, number][];
phases.push(...before, ['Node and modules', startedAt / 1000 - before.reduce((sum, [, seconds]) => sum + seconds, 0)]);
const config = loadConfig();
let databases: Awaited<ReturnType<typeof openDatabases>>;
try {
  databases = await openDatabases(config);
} catch (error) {
  console.error(`\nMeterline could not open its database: ${(error as Error).message}\n`);
  process.exit(1);
}
// PGlite: its WebAssembly start and, after a crash, the replay of the write-ahead log since the last checkpoint.
endPhase(config.databaseUrl ? 'database connections' : 'database start (PGlite, WAL replay after a crash)');
const workers = resolveWorkerCount(process.env.WEB_CONCURRENCY, { hasPostgres: Boolean(config.databaseUrl) });
// Workers of a cluster find the databases migrated (and seeded) by the primary process.
const isWorker = cluster.isWorker;
if (cluster.isPrimary && workers.notice) console.warn(workers.notice);
if (!isWorker) await databases.migrate();
endPhase('migrations check');
const seeded = config.seedDemo && !isWorker ? await seedDemo(databases, createPasswordHasher(config.argon2)) : false;
// The demo is ~50 MB of WAL: a crash right after the first start replays none of it.
if (seeded) await databases.database('default').checkpoint?.();
endPhase(seeded ? 'demo data' : 'demo data check');

if (cluster.isPrimary && workers.count > 1) {
  // WEB_CONCURRENCY=N over PostgreSQL: N processes share the port (node:cluster). The state they
  // must share (login throttling, idempotency keys, refresh tokens, the signing key) lives in the
  // database or Redis, never in a process (docs/operations.md, "Several processes").
  await databases.close();
  // A scrape of /api/metrics reaches one worker: it asks this process for every worker's sum.
  if (config.metricsToken) serveClusterMetrics();
  let stopping = false;
  const fork = () => cluster.fork({ SKIP_WEB_BUILD: '1' });
  for (let index = 0; index < workers.count; index += 1) fork();
  let listening = 0;
  cluster.on('listening', () => {
    listening += 1;
    if (listening === workers.count) {
      const seconds = (performance.now() / 1000).toFixed(1);
      console.log(
        `\nMeterline is running on http://localhost:${config.port}  (${workers.count} processes, ready in ${seconds} s, PostgreSQL (DATABASE_URL))`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`API process ${worker.process.pid} ended (${signal ?? code}); starting another.`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    let remaining = Object.keys(cluster.workers ?? {}).length;
    if (remaining === 0) process.exit(0);
    cluster.on('exit', () => {
      remaining -= 1;
      if (remaining === 0) process.exit(0);
    });
    setTimeout(() => process.exit(1), 12_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} else {
  await serve();
}

async function serve() {
  const app = await buildApp({ config, databases });
  endPhase('API and job queue');
  // `npm run backup` asks the process that holds the embedded database for a consistent copy.
  const embedded = databases.all().find((database) => database.alias === 'default' && database.backup);
  if (!isWorker && embedded?.backup)
    installBackupSignal(path.join(config.dataDir, 'pglite'), embedded.backup, (line) => app.log.info(line));

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await app.close();
      await databases.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A worker whose primary is gone (killed, or ended before it) closes too: never an orphan on the port.
  if (isWorker) process.on('disconnect', () => void shutdown('primary gone'));

  await app.listen({ port: config.port, host: config.host });
  endPhase('listen');
  if (isWorker) return;
  const seconds = (performance.now() / 1000).toFixed(1);
  console.log(startBanner(config, { seconds, seeded }));
  console.log(`Start: ${phases.map(([name, phaseSeconds]) => `${name} ${phaseSeconds.toFixed(1)} s`).join(', ')}`);
}
