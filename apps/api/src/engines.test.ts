import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** semver is in the tree (npm's own range rules); its few calls typed here, without @types/semver. */
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every installed package folder: `node_modules/<name>`, `node_modules/@scope/<name>`, and theirs nested. */
function installedPackages(nodeModules: string, found: string[] = []): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(nodeModules, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    // Workspaces are symbolic links to the repository's own packages; `.bin`, `.cache` are no package.
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const folder = path.join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      for (const scoped of fs.readdirSync(folder, { withFileTypes: true }))
        if (scoped.isDirectory()) visit(path.join(folder, scoped.name), found);
    } else visit(folder, found);
  }
  return found;
}

function visit(folder: string, found: string[]) {
  if (fs.existsSync(path.join(folder, 'package.json'))) found.push(folder);
  installedPackages(path.join(folder, 'node_modules'), found);
}

describe('installed packages run on every Node the README promises', () => {
  it("no package's engines.node excludes the lowest version of each of the root's ranges (no EBADENGINE on npm ci)", () => {
    const promised = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    // "^20.19.0 || ^22.13.0 || >=24": 20.19.0, 22.13.0, 24.0.0.
    const lowest = promised.split('||').map((range) => semver.minVersion(range)?.version ?? range);
    expect(lowest).toContain('20.19.0');
    const packages = installedPackages(path.join(root, 'node_modules'));
    expect(packages.length).toBeGreaterThan(500);
    const refused: string[] = [];
    for (const folder of packages) {
      const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
        engines?: { node?: unknown };
      };
      const range = manifest.engines?.node;
      // npm refuses a range it cannot read as it refuses an excluding one.
      if (typeof range !== 'string') continue;
      const excluded = lowest.filter((version) => !semver.satisfies(version, range));
      if (excluded.length)
        refused.push(
          `${manifest.name}@${manifest.version} (${path.relative(root, folder)}) engines.node "${range}" excludes ${excluded.join(', ')}`,
        );
    }
    expect(refused).toEqual([]);
  });
});
