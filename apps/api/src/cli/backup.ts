import path from 'node:path';
import { loadConfig } from '../config';
import { defaultBackupFile, requestOnlineBackup } from '../db/backup';
import { openPglite } from '../db/client';
import { runningOwnerOf } from '../db/lock';

/**
 * `npm run backup [-- file.tar.gz]`: a consistent copy of the embedded database, also while
 * Meterline runs (the running process takes it). PostgreSQL: pg_dump (docs/operations.md).
 */
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md, "Backup and restore").');
  process.exit(2);
}
const pgliteDir = path.join(config.dataDir, 'pglite');
const argument = process.argv[2];
const file = argument ? path.resolve(process.env.INIT_CWD ?? process.cwd(), argument) : defaultBackupFile(config.dataDir);
const owner = runningOwnerOf(pgliteDir);
try {
  if (owner !== null) {
    console.log(`Meterline is running (PID ${owner}): asking it for an online backup...`);
    const result = await requestOnlineBackup(pgliteDir, owner, file);
    if (!result.ok) throw new Error(result.error);
    console.log(`Backup written: ${file} (${result.bytes} bytes)`);
  } else {
    const database = await openPglite(pgliteDir);
    try {
      const bytes = await database.backup!(file);
      console.log(`Backup written: ${file} (${bytes} bytes)`);
    } finally {
      await database.close();
    }
  }
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
