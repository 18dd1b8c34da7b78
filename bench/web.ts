/**
 * `npm run bench:web` (never in CI): Lighthouse performance scores of the built web app, served by
 * the API as in production, in Debian's Chromium (nothing is downloaded):
 *   sign-in (desktop and phone), dashboard and invoices list (desktop, signed in as `admin`),
 *   the collector's counters and today's round (phone, signed in as `collector`);
 * each the median of `--runs` (3), printed against the goals (desktop >= 95, phone >= 85); then the
 * collector's first usable screen after tapping Sign in on a phone over Fast 3G (goal <= 5 s).
 *
 * Data: with DATABASE_URL it serves the `meterline_bench` database that `npm run bench` leaves
 * behind (100,000 invoices x --scale in the demo tenant's Electricity); without it, a throwaway
 * embedded demo (PGlite) in a temporary folder.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:web -- --runs=3
 *   options: --runs=3 --port=3200 --chromium=/usr/bin/chromium --only=<page name part> (e.g. --only=counters)
 *            --report-dir=<dir> keeps each run's Lighthouse report (JSON) there, to read its audits
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { PredefinedNetworkConditions } from 'puppeteer-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { defined, nth } from '../packages/contract/src/invariant';

const option = (name: string, fallback: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(option('runs', '3'));
const port = Number(option('port', '3200'));
const chromePath = option('chromium', '/usr/bin/chromium');
const reportDir = option('report-dir', '');
const origin = `http://127.0.0.1:${port}`;
const GOALS = { desktop: 95, mobile: 85 } as const;

function benchDatabaseUrl(): string | null {
  if (!process.env.DATABASE_URL) return null;
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = '/meterline_bench';
  return url.toString();
}

// The web app as production serves it: built once, precompressed.
const build = spawnSync('npm', ['run', 'build', '-w', '@meterline/web'], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const databaseUrl = benchDatabaseUrl();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterline-bench-web-'));
const env: Record<string, string> = {
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SKIP_WEB_BUILD: '1',
};
if (databaseUrl) env.DATABASE_URL = databaseUrl;
else Object.assign(env, { DATA_DIR: dataDir, SEED_DEMO: 'true' });

let api: ChildProcess | null = null;
let chrome: chromeLauncher.LaunchedChrome | null = null;
function stopAll() {
  if (api && api.exitCode === null) api.kill('SIGTERM');
  void chrome?.kill();
}
process.on('exit', () => {
  stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

api = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
  cwd: repoRoot,
  env: { ...process.env, ...env },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  let output = '';
  api!.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('Meterline is running')) resolve();
  });
  api!.on('exit', (code) => reject(new Error(`The API exited (${code}): ${output}`)));
});

async function tokensOf(username: string): Promise<{ access: string; refresh: string }> {
  const response = await fetch(`${origin}/api/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  const body = (await response.json()) as { access?: string; refresh?: string };
  if (!body.access || !body.refresh) throw new Error(`Sign-in of ${username} failed (${response.status}): ${JSON.stringify(body)}`);
  return { access: body.access, refresh: body.refresh };
}

chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

/** Puts a session in the browser's storage for `origin` (Lighthouse is told to keep storage). */
async function useSession(username: string | null) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome!.port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/404-blank`);
    const tokens = username ? await tokensOf(username) : null;
    const script = tokens
      ? `localStorage.clear(); localStorage.setItem('serviceToken', ${JSON.stringify(tokens.access)}); localStorage.setItem('refreshToken', ${JSON.stringify(tokens.refresh)});`
      : 'localStorage.clear();';
    await page.evaluate(script);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

interface Page {
  name: string;
  path: string;
  user: string | null;
  formFactor: 'desktop' | 'mobile';
}
const allPages: Page[] = [
  { name: 'sign-in', path: '/login', user: null, formFactor: 'desktop' },
  { name: 'sign-in', path: '/login', user: null, formFactor: 'mobile' },
  { name: 'dashboard (admin)', path: '/dashboard', user: 'admin', formFactor: 'desktop' },
  { name: 'invoices list (admin)', path: '/invoices', user: 'admin', formFactor: 'desktop' },
  { name: "collector's counters", path: '/counters', user: 'collector', formFactor: 'mobile' },
  { name: "collector's round", path: '/round', user: 'collector', formFactor: 'mobile' },
];
const only = option('only', '');
const pages = allPages.filter((page) => page.name.includes(only));

// One untimed load first: the server's first answers and the browser's first start are not the app's.
await useSession(null);

const median = (values: number[]) =>
  nth(
    [...values].sort((a, b) => a - b),
    Math.floor(values.length / 2),
    'a median of at least one value',
  );
/** The Lighthouse audits printed beside the score, by column. */
const METRIC_AUDITS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;
const rows: string[] = [];
for (const page of pages) {
  const scores: number[] = [];
  const metrics = { fcp: [] as number[], lcp: [] as number[], tbt: [] as number[], cls: [] as number[] };
  for (let run = 0; run < runs; run += 1) {
    await useSession(page.user);
    const result = await lighthouse(
      `${origin}${page.path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      page.formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      const file = `${page.path.slice(1)}-${page.formFactor}-${run + 1}.json`;
      fs.writeFileSync(path.join(reportDir, file), JSON.stringify(lhr));
    }
    if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(page.path))
      throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
    if (lhr.runtimeError) {
      // A failed run (e.g. NO_FCP on a cold start) is said, not counted as a score of 0.
      console.warn(`${page.name} (${page.formFactor}) run ${run + 1}: ${lhr.runtimeError.code}`);
      continue;
    }
    scores.push(Math.round((defined(lhr.categories.performance, 'a performance category in the Lighthouse report').score ?? 0) * 100));
    for (const [metric, audit] of Object.entries(METRIC_AUDITS))
      metrics[metric as keyof typeof METRIC_AUDITS].push(Number(lhr.audits[audit]?.numericValue ?? NaN));
  }
  if (!scores.length) {
    rows.push(`| ${page.name} | ${page.formFactor} | no run succeeded | | | | | ${GOALS[page.formFactor]} | not met |`);
    continue;
  }
  const score = median(scores);
  const goal = GOALS[page.formFactor];
  rows.push(
    `| ${page.name} | ${page.formFactor} | ${score} (${scores.join(', ')}) | ${(median(metrics.fcp) / 1000).toFixed(1)} s | ${(median(metrics.lcp) / 1000).toFixed(1)} s | ${median(metrics.tbt).toFixed(0)} ms | ${median(metrics.cls).toFixed(3)} | ${goal} | ${score >= goal ? 'met' : 'not met'} |`,
  );
  console.log(rows.at(-1));
}

// The collector's first usable screen after tapping Sign in, on a phone over simulated Fast 3G
// (DevTools' preset: 562.5 ms latency, 1.44 Mbps down) with the CPU slowed 4x, cache cold: from the
// tap until the landing page shows its heading with nothing loading (no busy region, no progress bar).
const FAST_3G_GOAL_SECONDS = 5;
async function firstUsableAfterSignIn(username: string): Promise<number> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome!.port}` });
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await page.emulateNetworkConditions(PredefinedNetworkConditions['Fast 3G']);
    await page.emulateCPUThrottling(4);
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle0', timeout: 120_000 });
    await page.type('input[autocomplete="username"]', username);
    await page.type('input[autocomplete="current-password"]', 'demo1234');
    const tapped = performance.now();
    await page.click('button[type="submit"]');
    await page.waitForFunction(
      `!location.pathname.startsWith('/login') && document.querySelector('main h1') !== null && document.querySelector('[aria-busy="true"], [role="progressbar"]') === null`,
      { timeout: 120_000, polling: 50 },
    );
    return (performance.now() - tapped) / 1000;
  } finally {
    await context.close();
    await browser.disconnect();
  }
}
const usable: number[] = [];
for (let run = 0; run < runs; run += 1) usable.push(await firstUsableAfterSignIn('collector'));
const usableSeconds = median(usable);

console.log(
  `\nLighthouse ${runs} runs per page, ${databaseUrl ? 'meterline_bench on PostgreSQL' : 'embedded demo (PGlite)'}; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
console.log('| page | form factor | performance, median (runs) | FCP | LCP | TBT | CLS | goal | |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
for (const row of rows) console.log(row);
console.log(
  `\nCollector's first usable screen after Sign in, phone, Fast 3G, CPU 4x, cold cache: ${usableSeconds.toFixed(1)} s median (${usable.map((value) => value.toFixed(1)).join(', ')}); goal <= ${FAST_3G_GOAL_SECONDS} s: ${usableSeconds <= FAST_3G_GOAL_SECONDS ? 'met' : 'not met'}`,
);
stopAll();
process.exit(0);
