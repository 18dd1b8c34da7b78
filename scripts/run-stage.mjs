import { spawn } from 'node:child_process';

/**
 * Runs one stage of `npm test` in its own process group and resolves with its exit code; `onOutput`
 * gets what it prints. A stage is never stopped for being slow: only one that has printed nothing
 * for `silenceMinutes` is, with its whole group (Vitest's and Playwright's workers included), and so
 * is anything the command leaves running when it ends.
 */
export function runStage(name, command, args, { env = {}, silenceMinutes, onOutput, checkEveryMs = 15_000 }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env }, detached: true });
    let lastOutput = Date.now();
    const heard = (chunk, stream) => {
      lastOutput = Date.now();
      onOutput(chunk, stream);
    };
    child.stdout.on('data', (chunk) => heard(chunk, process.stdout));
    child.stderr.on('data', (chunk) => heard(chunk, process.stderr));
    const stopGroup = () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is gone already
      }
    };
    process.once('exit', stopGroup);
    const watchdog = setInterval(() => {
      if (Date.now() - lastOutput < silenceMinutes * 60_000) return;
      console.error(`\n${name} was stopped: nothing printed for ${silenceMinutes} minutes, a test hangs.`);
      stopGroup();
    }, checkEveryMs);
    child.on('close', (code) => {
      clearInterval(watchdog);
      process.removeListener('exit', stopGroup);
      stopGroup();
      resolve(code ?? 1);
    });
  });
}
