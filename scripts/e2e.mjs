// Browser journeys: Playwright driving Debian's Chromium against the built app.
// Skipped with a loud notice when no Chromium is installed (CHROMIUM_PATH or /usr/bin/chromium).
// Builds the web app first; `--no-build` serves the existing build (`npm test` builds once for the
// bundle check and the journeys). Any other argument goes to Playwright.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.warn('\n!!! No Chromium found at ' + chromium + ': browser journeys SKIPPED.');
  console.warn('!!! Install it with `apt-get install -y chromium` (or set CHROMIUM_PATH) to run them.\n');
  process.exit(0);
}
const args = process.argv.slice(2);
if (!args.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@meterline/web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const playwrightArgs = args.filter((arg) => arg !== '--no-build');
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...playwrightArgs], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/e2e-results.json' },
});
process.exit(result.status ?? 1);
