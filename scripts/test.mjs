// `npm test`: lint, typecheck, knip, unit + API (PGlite) + web component tests, then one build of the
// web app, which serves both the JavaScript budget per screen (scripts/check-bundle-size.mjs) and the
// browser journeys when a Chromium is found. Prints each stage's duration and a closing "N passed,
// N failed" line.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStage } from './run-stage.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
fs.mkdirSync('.tmp', { recursive: true });
const durations = [];
let passed = 0;
let failed = 0;

// No stage may hang the run, and none is stopped for being slow: a stage is stopped only when it
// has printed nothing for this long (a test stuck in a synchronous loop is beyond any test timeout).
// The longest test's own limit is 40 minutes (docs/testing.md, "Time limits are for hung tests"), and
// Vitest prints when a test ends, so a stage that still makes progress always speaks before this.
const STAGE_SILENCE_MINUTES = Number(process.env.TEST_STAGE_SILENCE_MINUTES ?? 45);

async function stage(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const code = await runStage(name, command, args, {
    env,
    silenceMinutes: STAGE_SILENCE_MINUTES,
    onOutput: (chunk, stream) => stream.write(chunk),
  });
  const seconds = (Date.now() - started) / 1000;
  durations.push(`${name}: ${seconds.toFixed(1)} s`);
  return code === 0;
}

/**
 * Chains of stages side by side, each chain in order up to its first failure: each stage uses one
 * core, so on a 2-core machine lint runs beside the format, typecheck and knip stages (docs/testing.md,
 * "Workers"). A stage's output is printed whole when it ends, so two stages' lines never interleave.
 */
async function sideBySide(chains) {
  const run = async (name, command, args) => {
    const started = Date.now();
    const output = [];
    const code = await runStage(name, command, args, { silenceMinutes: STAGE_SILENCE_MINUTES, onOutput: (chunk) => output.push(chunk) });
    const seconds = (Date.now() - started) / 1000;
    durations.push(`${name}: ${seconds.toFixed(1)} s`);
    console.log(`\n=== ${name} (${seconds.toFixed(1)} s)`);
    process.stdout.write(Buffer.concat(output));
    return code === 0;
  };
  const results = await Promise.all(
    chains.map(async (chain) => {
      for (const [name, command, args] of chain) if (!(await run(name, command, args))) return false;
      return true;
    }),
  );
  return results.every(Boolean);
}

function countVitest(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  } catch {
    // no report: the stage failed before running tests
  }
}

function finish(ok) {
  console.log('\nStage durations:');
  for (const line of durations) console.log(`  ${line}`);
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  process.exit(ok ? 0 : 1);
}

const staticOk = await sideBySide([
  [
    ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
    // The rules that need types (floating and misused promises) and import cycles (.oxlintrc.json).
    ['oxlint', 'npx', ['oxlint', '--type-aware', '--deny-warnings', '.']],
  ],
  [
    // The formatter is part of lint: a file Prettier would change fails the run (`npm run format` fixes it).
    ['format', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
    ['typecheck', 'node', ['scripts/typecheck.mjs']],
    ['knip', 'npx', ['knip', '--no-progress']],
  ],
]);
if (!staticOk) finish(false);
const unitOk = await stage(
  'unit, API (PGlite) and component tests',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json'],
  {
    TEST_DATABASE_URL: '',
  },
);
countVitest('.tmp/vitest.json');
if (!unitOk) finish(false);

// One build for the two stages after it: the size check reads its manifest, the journeys serve it.
if (!(await stage('web build', 'npm', ['run', 'build', '-w', '@meterline/web']))) finish(false);
// The sign-in page within 150 KB gzip and every screen within 350 KB (bench/README.md, "JavaScript
// per screen"): a screen over its budget fails the run, after the journeys have run too.
const bundleOk = await stage('JavaScript per screen', 'node', ['scripts/check-bundle-size.mjs', '--no-build']);

fs.rmSync('.tmp/e2e-results.json', { force: true }); // never count an earlier run's journeys
let e2eOk = fs.existsSync('e2e/playwright.config.ts') ? await stage('browser journeys', 'node', ['scripts/e2e.mjs', '--no-build']) : true;
if (fs.existsSync('.tmp/e2e-results.json')) {
  try {
    const report = JSON.parse(fs.readFileSync('.tmp/e2e-results.json', 'utf8'));
    // A flaky journey (passed only on a retry) is a failure, like an unexpected one.
    const journeysFailed = (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
    passed += report.stats?.expected ?? 0;
    failed += journeysFailed;
    if (journeysFailed > 0) e2eOk = false;
  } catch {
    console.error('The browser journeys left no readable report (.tmp/e2e-results.json).');
    e2eOk = false;
  }
}
finish(e2eOk && bundleOk);
