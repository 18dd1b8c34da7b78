// `npm start`: builds the web app when its sources changed, bundles the API (scripts/bundle-api.mjs),
// then serves API + web on one port.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_BUNDLE, bundleApi } from './bundle-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

function newestChange(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

// Where the start's time goes before the server's own phases (printed by the server's "Start:" line).
const phases = [];
const hasWebApp = fs.existsSync(path.join(webDir, 'index.html'));
if (hasWebApp && process.env.SKIP_WEB_BUILD !== '1') {
  const sourcesChanged = Math.max(
    newestChange(path.join(webDir, 'src')),
    newestChange(path.join(root, 'packages/contract/src')),
    fs.statSync(path.join(webDir, 'index.html')).mtimeMs,
  );
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  if (sourcesChanged > builtAt) {
    console.log('Building the web app (first run or changed sources)...');
    const started = Date.now();
    const result = spawnSync('npm', ['run', 'build', '-w', '@meterline/web'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    const seconds = (Date.now() - started) / 1000;
    console.log(`Web app built in ${seconds.toFixed(1)} s.`);
    phases.push(['web build', seconds]);
  }
}

// The workers of a cluster (WEB_CONCURRENCY) run this file again: they take the primary's bundle.
const bundleStarted = Date.now();
const server = cluster.isPrimary ? await bundleApi() : API_BUNDLE;
if (cluster.isPrimary) phases.push(['API bundle', (Date.now() - bundleStarted) / 1000]);
process.env.METERLINE_START_PHASES = JSON.stringify(phases);
await import(pathToFileURL(server).href);
