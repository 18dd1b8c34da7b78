import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// A port per checkout (several worktrees may run journeys at once); E2E_PORT overrides it.
const checkoutHash = [...process.cwd()].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 997, 7);
const PORT = Number(process.env.E2E_PORT ?? 3100 + (checkoutHash % 400));
// E2E_BASE_URL points the journeys at a server that is already running (then none is started).
const externalBaseURL = process.env.E2E_BASE_URL;
export const BASE_URL = externalBaseURL ?? `http://localhost:${PORT}`;

// A fresh data directory per run, so the demo seed is predictable; set once in the runner and
// inherited by the workers through the environment.
const dataDir = externalBaseURL ? '' : (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'meterline-e2e-')));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries: a journey that passes only on a second try is a failure to fix, not to hide.
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  // A journey signs in and makes its own client through the API in under a second (argon2id: ~40 ms
  // a sign-in). Where the time goes: axe, ~2 s a screen on a loaded machine, and a CPU shared with
  // the server and Chromium. The longest journey (a new client, nine screens through axe) takes
  // ~46 s alone on an idle 2-core machine, and went past 90 s in a clean-clone CI run on a slower
  // day (2 workers; the whole stage took 994 s against 581 s the day before). The per-journey limit
  // only ends a stuck journey, so it is set far from a slow one: 240 s. A stuck step still fails
  // on its own expectation first. An expectation ends as soon as it holds; its limit is 60 s (was
  // 15 s): on a busy machine the lists' grid chunk took over 15 s to arrive and parse (docs/testing.md,
  // "Time limits"; the page's skeleton was still up with the data's totals drawn), which is slow, not broken.
  timeout: 240_000,
  expect: { timeout: 60_000 },
  // The JSON report feeds the closing 'N passed, N failed' line of `npm test`.
  reporter: [['list'], ['json', { outputFile: '../.tmp/e2e-results.json' }]],
  use: {
    baseURL: BASE_URL,
    // A trace records DOM snapshots and a screencast of every action of every journey: with it on,
    // the journeys cost 40 % more CPU (229 against 164 CPU s for money + network, 2 workers) for
    // a file nobody reads after a passing run, and CI keeps no test-results. To debug a failure:
    // E2E_TRACE=1 keeps the trace of each failed journey (or pass Playwright's own --trace on).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: nothing is downloaded.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: externalBaseURL
    ? undefined
    : {
        // The built app served by the API on a fresh embedded database (the lead may swap the command).
        command: process.env.E2E_WEB_SERVER_COMMAND ?? `npm start`,
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        url: `${BASE_URL}/api/services/`,
        // A 401 (no token) counts as ready for Playwright: the server is up.
        // Never reuse a server found on the port: it could be another checkout's build.
        reuseExistingServer: false,
        // Not a journey: `npm start` first builds the web app when its sources changed (up to a
        // minute or two on a loaded 2-core machine), then migrates and seeds the demo (~5 s).
        timeout: 180_000,
        env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
