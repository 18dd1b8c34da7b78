import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { freePort } from './crash-rounds';
import { DEMO_PASSWORD } from '../seed/demo';

/**
 * `npm start` on the embedded database (docs/operations.md, "Faults") with the demo data, killed with `kill -9`
 * right after it answered, starts again; the test prints how long until it answers and where the
 * time went (the server's "Start:" line: the bundle, Node, PGlite's start with the WAL replay, the
 * migrations check, the demo check, the API and its job queue). Figures, not a limit: a busy
 * machine is slower, never failing.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-restart-'));
let child: ChildProcess | null = null;

/** `npm start`'s script on the test's data directory; resolves once it answers, with its output and the time taken. */
async function start(port: number): Promise<{ seconds: number; output: string }> {
  const started = performance.now();
  const output: string[] = [];
  child = spawn(process.execPath, ['--max-semi-space-size=2', '--heap-growing-percent=50', 'scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_WEB_BUILD: '1',
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '8',
      ARGON2_TIME_COST: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const running = child;
  for (;;) {
    if (running.exitCode !== null) throw new Error(`npm start ended (${running.exitCode}):\n${output.join('')}`);
    const answer = await fetch(`http://127.0.0.1:${port}/api/services/`).catch(() => null);
    if (answer?.status === 401) break;
    await sleep(100);
  }
  const seconds = (performance.now() - started) / 1000;
  // The "Start:" line is printed right after the server starts listening.
  for (let waited = 0; !output.join('').includes('Start:') && waited < 100; waited += 1) await sleep(50);
  return { seconds, output: output.join('') };
}

function killHard(): Promise<void> {
  const running = child!;
  return new Promise((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGKILL');
  });
}

afterAll(async () => {
  if (child && child.exitCode === null) await killHard();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database after kill -9', () => {
  it('starts again with the demo data, and says where the start went', async () => {
    const port = await freePort();
    const first = await start(port);
    expect(first.output).toContain('Demo data was created on this first run.');
    await killHard();

    const again = await start(port);
    const phases = /Start: (.*)/.exec(again.output)?.[1] ?? '';
    console.log(`embedded restart after kill -9 with the demo data: answered in ${again.seconds.toFixed(1)} s (${phases})`);
    console.log(`(first start with the demo seed: ${first.seconds.toFixed(1)} s: ${/Start: (.*)/.exec(first.output)?.[1] ?? ''})`);
    expect(phases).toMatch(/database start \(PGlite, WAL replay after a crash\) [\d.]+ s/);
    expect(phases).toMatch(/migrations check [\d.]+ s/);
    expect(again.output).not.toContain('Demo data was created');
    // What the first process wrote is there: a demo account signs in.
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
  });
});
