/** Child processes of a bench: started from a checkout, ready when they print a text, all stopped at exit. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

export interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
}
export const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;

/** `--name=value` of the command line, or the fallback. */
export const option = (name: string, fallback: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

const children: ChildProcess[] = [];
export function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopAll);

/** Runs node with `args` in `cwd` (tsx by default) and resolves once its output contains `readyText`. */
export function startProcess(
  cwd: string,
  args: string[],
  env: Record<string, string>,
  readyText: string,
  nodeArgs: string[] = ['--import', 'tsx'],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}): ${output}`)));
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
