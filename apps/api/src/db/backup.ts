import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Online backup of the embedded database (docs/operations.md, "Backup and restore").
 *
 * PGlite serves one process, so a backup is taken by the process that holds the data directory:
 * `npm run backup` writes a request file next to the data directory and sends that process
 * SIGUSR2; it dumps and answers with a result file. With no Meterline running, the command opens
 * the directory itself (taking the lock, so nothing starts meanwhile).
 *
 * Consistency: a CHECKPOINT first (a short WAL to replay), then the dump runs holding PGlite's
 * transaction and query locks, so no transaction is half-way through; the files copied are a
 * crash-consistent image that PostgreSQL's own recovery opens on restore.
 */
export async function dumpPglite(client: PGlite, file: string): Promise<number> {
  await client.exec('CHECKPOINT');
  const exclusive = client as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
  const archive = await exclusive._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  const bytes = Buffer.from(await archive.arrayBuffer());
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const handle = fs.openSync(partial, 'w');
  try {
    fs.writeSync(handle, bytes);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(partial, file); // a backup file either is whole or does not exist
  return bytes.length;
}

export interface BackupRequest {
  id: string;
  file: string;
}

export interface BackupResult {
  id: string;
  ok: boolean;
  file?: string;
  bytes?: number;
  error?: string;
}

export const backupRequestPath = (pgliteDir: string) => `${pgliteDir}.backup-request.json`;
export const backupResultPath = (pgliteDir: string, id: string) => `${pgliteDir}.backup-${id}.json`;

function writeJsonAtomically(file: string, value: unknown) {
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(value));
  fs.renameSync(`${file}.tmp`, file);
}

/** In the serving process: SIGUSR2 takes the backup named in the request file. */
export function installBackupSignal(
  pgliteDir: string,
  backup: (file: string) => Promise<number>,
  log: (line: string) => void = console.log,
) {
  const handler = () => {
    let request: BackupRequest;
    try {
      request = JSON.parse(fs.readFileSync(backupRequestPath(pgliteDir), 'utf8')) as BackupRequest;
    } catch {
      log('backup signal without a readable request: ignored');
      return;
    }
    backup(request.file).then(
      (bytes) => {
        log(`backup written: ${request.file} (${bytes} bytes)`);
        writeJsonAtomically(backupResultPath(pgliteDir, request.id), {
          id: request.id,
          ok: true,
          file: request.file,
          bytes,
        } satisfies BackupResult);
      },
      (error: Error) => {
        log(`backup failed: ${error.message}`);
        writeJsonAtomically(backupResultPath(pgliteDir, request.id), {
          id: request.id,
          ok: false,
          error: error.message,
        } satisfies BackupResult);
      },
    );
  };
  process.on('SIGUSR2', handler);
  return () => void process.off('SIGUSR2', handler);
}

/** From `npm run backup`: asks the running process `pid` for a backup and waits for its answer. */
export async function requestOnlineBackup(pgliteDir: string, pid: number, file: string, timeoutMs = 300_000): Promise<BackupResult> {
  const id = randomUUID();
  const resultFile = backupResultPath(pgliteDir, id);
  const directory = path.dirname(pgliteDir);
  writeJsonAtomically(backupRequestPath(pgliteDir), { id, file } satisfies BackupRequest);
  return new Promise<BackupResult>((resolve, reject) => {
    const finish = () => {
      if (!fs.existsSync(resultFile)) return false;
      watcher.close();
      clearTimeout(timer);
      const result = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as BackupResult;
      fs.rmSync(resultFile, { force: true });
      fs.rmSync(backupRequestPath(pgliteDir), { force: true });
      resolve(result);
      return true;
    };
    const watcher = fs.watch(directory, () => void finish());
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`the running Meterline (PID ${pid}) did not answer the backup request within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    process.kill(pid, 'SIGUSR2');
    finish();
  });
}

export const defaultBackupFile = (dataDir: string, now = new Date()) =>
  path.join(
    dataDir,
    'backups',
    `meterline-${now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}.tar.gz`,
  );
