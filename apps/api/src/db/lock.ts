import fs from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

interface LockOwner {
  pid: number;
  /** Linux boot id when the lock was taken: after a reboot every PID names another process. */
  boot: string | null;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const currentBootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim() || null;

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's owner: `{"pid":…,"boot":…}`, or a bare PID (older lock files). */
function parseOwner(text: string): LockOwner | null {
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed === 'number') return { pid: parsed, boot: null };
    if (Number.isInteger(parsed.pid)) return { pid: parsed.pid as number, boot: typeof parsed.boot === 'string' ? parsed.boot : null };
  } catch {
    // not JSON
  }
  return null;
}

/**
 * Whether the lock's owner is a Meterline (Node) process still running: the PID is alive, on this
 * boot, and (where /proc tells) runs node. A PID reused by another program after a reboot or a
 * crash does not block the start.
 */
function isOwnerRunning(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !isProcessAlive(owner.pid)) return false;
  const boot = currentBootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  const commandLine = readText(`/proc/${owner.pid}/cmdline`);
  if (commandLine !== null && !/node|tsx/i.test(commandLine.split('\0')[0] ?? '')) return false;
  return true;
}

const lockPathOf = (dataDir: string) => path.join(path.dirname(dataDir), `${path.basename(dataDir)}.lock`);

/** The PID of the running Meterline process holding the data directory, or null (none, or a stale lock). */
export function runningOwnerOf(dataDir: string): number | null {
  const owner = parseOwner(readText(lockPathOf(dataDir))?.trim() ?? '');
  return owner && isOwnerRunning(owner) ? owner.pid : null;
}

/**
 * PGlite allows one process per data directory. The lock file names the owner: a second live
 * process fails at once with a clear message; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = lockPathOf(dataDir);
  const mine = JSON.stringify({ pid: process.pid, boot: currentBootId() } satisfies LockOwner);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readText(lockPath) === mine) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = parseOwner(readText(lockPath)?.trim() ?? '');
      if (owner && isOwnerRunning(owner)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another Meterline process (PID ${owner.pid}). ` +
            'Stop that process first, or start this one with another DATA_DIR.',
          { cause: error },
        );
      }
      // Stale lock from a process that died (kill -9, a reboot): take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}
