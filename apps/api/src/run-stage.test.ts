import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
type RunStage = (
  name: string,
  command: string,
  args: string[],
  options: { silenceMinutes: number; onOutput(chunk: Buffer): void; checkEveryMs?: number },
) => Promise<number>;

async function loadRunStage(): Promise<RunStage> {
  const module = (await import(pathToFileURL(path.join(root, 'scripts/run-stage.mjs')).href)) as { runStage: RunStage };
  return module.runStage;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("npm test's stages (scripts/run-stage.mjs)", () => {
  it('never stops a slow stage that keeps printing, however long it runs past the silence limit', async () => {
    const runStage = await loadRunStage();
    const lines: string[] = [];
    // Prints every 100 ms for 1.5 s: three times the 0.5 s silence limit in all.
    const script = 'let n = 0; const t = setInterval(() => { console.log(++n); if (n === 15) { clearInterval(t); } }, 100);';
    const code = await runStage('chatty', process.execPath, ['-e', script], {
      silenceMinutes: 0.5 / 60,
      checkEveryMs: 50,
      onOutput: (chunk) => lines.push(chunk.toString()),
    });
    expect(code).toBe(0);
    expect(lines.join('').trim().split('\n').at(-1)).toBe('15');
  });

  it('stops a silent stage with its whole process group, the workers it started included', async () => {
    const runStage = await loadRunStage();
    let output = '';
    // The stage starts a worker that would live for a minute, prints its pid, then says nothing.
    const script = [
      "const { spawn } = require('node:child_process');",
      "const worker = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });",
      'console.log(worker.pid);',
      'setTimeout(() => {}, 60000);',
    ].join(' ');
    const code = await runStage('silent', process.execPath, ['-e', script], {
      silenceMinutes: 1 / 60,
      checkEveryMs: 100,
      onOutput: (chunk) => (output += chunk.toString()),
    });
    // Left alone it would end by itself, with 0, after a minute: a non-zero code is the stop.
    expect(code).not.toBe(0);
    const workerPid = Number(output.trim());
    expect(workerPid).toBeGreaterThan(0);
    await expect.poll(() => isAlive(workerPid), { timeout: 10_000 }).toBe(false);
  });
});
