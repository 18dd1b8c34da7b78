import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { first } from '@meterline/contract/invariant';
import { loadConfig } from '../config';
import { acquireDataDirLock, runningOwnerOf } from '../db/lock';
import { PGLITE_EXTENSIONS } from '../db/client';

/**
 * `npm run restore -- file.tar.gz`: replaces the embedded database with a backup. Meterline must
 * be stopped. The backup is opened and checked in a new directory first; only then the current
 * directory is moved aside (`pglite.before-restore-<time>`, kept) and the restored one takes its place.
 */
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (see docs/operations.md, "Backup and restore").');
  process.exit(2);
}
const argument = process.argv[2];
if (!argument) {
  console.error('Usage: npm run restore -- <backup.tar.gz>');
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
const pgliteDir = path.join(config.dataDir, 'pglite');
const owner = runningOwnerOf(pgliteDir);
if (owner !== null) {
  console.error(`Meterline is running on ${config.dataDir} (PID ${owner}): stop it before restoring.`);
  process.exit(1);
}
if (!fs.existsSync(file)) {
  console.error(`No such backup: ${file}`);
  process.exit(1);
}
fs.mkdirSync(config.dataDir, { recursive: true });
const lock = acquireDataDirLock(pgliteDir);
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const staging = `${pgliteDir}.restoring-${stamp}`;
try {
  fs.mkdirSync(staging, { recursive: true });
  const restored = await PGlite.create(staging, { loadDataDir: new Blob([fs.readFileSync(file)]), extensions: PGLITE_EXTENSIONS });
  const { rows } = await restored.query<{ tenants: number }>('select count(*)::int as tenants from tenants');
  await restored.close();
  let keptAt: string | null = null;
  if (fs.existsSync(pgliteDir)) {
    keptAt = `${pgliteDir}.before-restore-${stamp}`;
    fs.renameSync(pgliteDir, keptAt);
  }
  fs.renameSync(staging, pgliteDir);
  console.log(`Restored ${file} into ${pgliteDir} (${first(rows, 'the row of the count').tenants} clients).`);
  if (keptAt) console.log(`The previous database is kept in ${keptAt}: delete it once satisfied.`);
} catch (error) {
  fs.rmSync(staging, { recursive: true, force: true });
  console.error(`Restore failed, nothing changed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  lock.release();
}
