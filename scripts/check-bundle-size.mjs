// The web app's weight per screen, from the build's manifest (apps/web/dist/.vite/manifest.json):
// fails when the sign-in page's JS exceeds 150 KB gzipped or any screen's 350 KB, or when a screen
// loads the DataGrid or the charts without asking (phones get cards; the charts come after the
// KPI cards). `--no-build` measures the existing build.
//
// The sign-in page is what a visitor without a session gets at / and /login: the entry with the
// public shell it renders (src/app/main.tsx, src/app/public-shell.tsx) and the sign-in texts. Every
// other screen is the app (src/app/app.tsx, loaded by the entry) with its page.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const KB = 1024;
export const SIGN_IN_LIMIT = 150 * KB;
export const SCREEN_LIMIT = 350 * KB;
/**
 * Screens allowed over SCREEN_LIMIT for a time, each with its ceiling and why (docs/performance.md,
 * "JavaScript per screen"); a ceiling only goes down. The customer page (its ledger tab, with the
 * account payment's two-currency tender loaded on demand) measured 352.3 KB on 2026-11-28 (351.0 KB once the contract's endpoints stopped carrying preload lists) after the
 * shell took the two-currency display rules, 350.2 KB on 2026-12-07 with the message fields and the
 * ledger's date fields on demand, 351.3 KB on 2026-12-08 with each endpoint group a chunk of its own:
 * to be cut back under 350 KB.
 */
const SCREEN_EXCEPTIONS = new Map([['src/features/customers/routes/customer-edit-page.tsx', 352 * KB]]);
const SIGN_IN_PAGE = 'sign-in page (public shell at /login)';
const APP = 'src/app/app.tsx';
const PUBLIC_PAGES = /^src\/features\/(auth|errors)\/routes\//;
/** Modules that must only ever be loaded on demand (a dynamic import), never with a screen. */
const ON_DEMAND = [/^src\/shared\/ui\/data-grid-view\.tsx$/, /^src\/features\/dashboard\/components\/.*-chart\.tsx$/];

/** The JS one screen downloads before it shows: the chunks and their static imports. */
export function screenWeights(manifest, readAsset) {
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(readAsset(file), { level: 9 }).length);
    return gzipped.get(file);
  };
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key]?.imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const app = manifest[APP] ? [APP] : [];
  const shell = ['src/app/layout/app-layout.tsx', 'src/app/require-permission.tsx'].filter((key) => manifest[key]);
  // The texts of one language are loaded before the first render (src/i18n/index.ts): count the
  // larger. Pages seen before signing in load only the public texts of it (virtual:public-texts),
  // the sign-in shell fewer still (virtual:sign-in-texts).
  const larger = (keys) =>
    keys
      .filter((key) => manifest[key])
      .sort((a, b) => sizeOf(manifest[b].file) - sizeOf(manifest[a].file))
      .slice(0, 1);
  const language = larger(['src/i18n/en.ts', 'src/i18n/ar.ts']);
  const publicTexts = larger(['virtual:public-texts/en', 'virtual:public-texts/ar']);
  const signInTexts = larger(['virtual:sign-in-texts/en', 'virtual:sign-in-texts/ar']);
  const weigh = (page, keys) => {
    const bytes = [...keys].reduce((total, key) => total + sizeOf(manifest[key].file), 0);
    const onDemand = [...keys].filter((key) => ON_DEMAND.some((pattern) => pattern.test(manifest[key].src ?? key)));
    return { page, bytes, onDemand };
  };
  const pages = Object.keys(manifest).filter((key) => /^src\/features\/[^/]+\/routes\/[^/]+-page\.tsx$/.test(key));
  return [
    weigh(SIGN_IN_PAGE, closure([entry, ...(signInTexts.length ? signInTexts : publicTexts)])),
    ...pages.map((page) => {
      const isPublic = PUBLIC_PAGES.test(page);
      return weigh(
        page,
        closure([entry, ...app, page, ...(isPublic ? (publicTexts.length ? publicTexts : language) : [...language, ...shell])]),
      );
    }),
  ];
}

function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@meterline/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const weights = screenWeights(manifest, (file) => fs.readFileSync(path.join(dist, file)));
  const problems = [];
  for (const { page, bytes, onDemand } of weights.sort((a, b) => b.bytes - a.bytes)) {
    const limit = page === SIGN_IN_PAGE ? SIGN_IN_LIMIT : (SCREEN_EXCEPTIONS.get(page) ?? SCREEN_LIMIT);
    const name = page.replace(/^src\/features\//, '');
    console.log(`${(bytes / KB).toFixed(1).padStart(7)} KB gzip  ${name}${bytes > limit ? `  over ${limit / KB} KB` : ''}`);
    if (bytes > limit) problems.push(`${name}: ${(bytes / KB).toFixed(1)} KB gzipped JS, over ${limit / KB} KB`);
    if (onDemand.length) problems.push(`${name} loads ${onDemand.join(', ')} with the screen (only on demand)`);
  }
  if (!manifest[APP]) problems.push(`no chunk for ${APP} in the manifest: the entry imports the whole app, so the sign-in page is the app`);
  if (problems.length) {
    console.error(`\nBundle size check failed:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nBundle size check passed.');
}

main();
