import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './lock';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function tempDataDir() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-lock-'));
  return { parent, dataDir: path.join(parent, 'pglite'), lockPath: path.join(parent, 'pglite.lock') };
}

const bootId = () => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const hasProc = fs.existsSync('/proc/sys/kernel/random/boot_id');

describe('data directory lock', () => {
  it('fails at once while another live process holds it, and takes over a lock left by a killed one', async () => {
    const { parent, dataDir, lockPath } = tempDataDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(other);
    try {
      fs.writeFileSync(lockPath, String(other.pid));
      expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by another Meterline process \(PID \d+\)/);
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
      const lock = acquireDataDirLock(dataDir);
      expect(JSON.parse(fs.readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
      lock.release();
      expect(fs.existsSync(lockPath)).toBe(false);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  it.skipIf(!hasProc)('a PID that now belongs to another program, or to a process of an earlier boot, does not block the start', () => {
    const { parent, dataDir, lockPath } = tempDataDir();
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    const node = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(sleeper, node);
    try {
      // After a reboot the PID is a live `sleep`: not Meterline.
      fs.writeFileSync(lockPath, JSON.stringify({ pid: sleeper.pid, boot: bootId() }));
      acquireDataDirLock(dataDir).release();
      // A live node process, but the lock was taken on another boot.
      fs.writeFileSync(lockPath, JSON.stringify({ pid: node.pid, boot: 'an-earlier-boot' }));
      acquireDataDirLock(dataDir).release();
      // The same node process on this boot does hold it.
      fs.writeFileSync(lockPath, JSON.stringify({ pid: node.pid, boot: bootId() }));
      expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by another Meterline process/);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
