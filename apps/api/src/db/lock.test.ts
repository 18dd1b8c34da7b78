import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './lock';

describe('data directory lock', () => {
  it('fails at once while another live process holds it, and takes over a lock left by a killed one', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-lock-'));
    const dataDir = path.join(parent, 'pglite');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(parent, 'pglite.lock'), String(other.pid));
      expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by another Meterline process \(PID \d+\)/);
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
      const lock = acquireDataDirLock(dataDir);
      expect(fs.readFileSync(path.join(parent, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
      lock.release();
      expect(fs.existsSync(path.join(parent, 'pglite.lock'))).toBe(false);
    } finally {
      other.kill('SIGKILL');
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
