import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BUDGET_FILE = path.join(root, 'scripts/endpoint-budget.json');

/** Source files (not tests) under `dir`. */
function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(root, dir, file));
}

function count(files: string[], pattern: RegExp): number {
  return files.reduce((total, file) => total + (fs.readFileSync(file, 'utf8').match(pattern)?.length ?? 0), 0);
}

/**
 * Calls still written by hand on either side of the HTTP seam (docs/api.md, "Endpoints"): the web's
 * `apiClient.get<T>('…')`-style calls (a URL template and an asserted answer) and the API's routes
 * registered with a path and schemas of their own instead of `routeOf(endpoint)`. Each moves to an
 * endpoint of `packages/contract/src/endpoints/`; the budget only goes down.
 */
const MEASURES = {
  webCallsByHand: () => count(sources('apps/web/src'), /apiClient\.(get|post|put|patch|delete)\b/g),
  apiRoutesByHand: () => count(sources('apps/api/src'), /\b(routes|app|scope)\.(get|post|put|patch|delete)\(/g),
};

describe('the endpoint budget (scripts/endpoint-budget.json)', () => {
  it('counts the calls and routes still written by hand at their present number, never more', () => {
    const budget = JSON.parse(fs.readFileSync(BUDGET_FILE, 'utf8')) as Record<keyof typeof MEASURES, number>;
    const problems: string[] = [];
    for (const [name, measure] of Object.entries(MEASURES) as [keyof typeof MEASURES, () => number][]) {
      const now = measure();
      if (now > budget[name]) problems.push(`${name}: ${now}, over its budget of ${budget[name]}: use an endpoint of the contract`);
      if (now < budget[name]) problems.push(`${name}: ${now} now: lower its budget from ${budget[name]}`);
    }
    expect(problems).toEqual([]);
  });

  it('sees a call written by hand', () => {
    expect('apiClient.get<Job>(`jobs/${id}/`)'.match(/apiClient\.(get|post|put|patch|delete)\b/g)).toHaveLength(1);
  });
});
