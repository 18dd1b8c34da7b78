import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = path.dirname(new URL(import.meta.url).pathname);
const SCOPE_DIR = path.join(MODULES_DIR, '..', 'scope');

function sourceFilesOf(dir: string): { name: string; source: string }[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ name: file.replace(/\.tsx?$/, ''), source: fs.readFileSync(path.join(dir, file), 'utf8') }));
}

const sourcesOf = (dir: string) => sourceFilesOf(dir).map((file) => file.source);

/**
 * Module → the other modules its files (tests left out) import, type-only imports included; each
 * file of the request scope (`src/scope/`: modules import it, and it reads the settings
 * repository) is a node too.
 */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFilesOf(SCOPE_DIR)) {
    const targets = new Set<string>();
    for (const match of file.source.matchAll(/from '\.\.\/modules\/([\w-]+)\//g)) if (match[1]) targets.add(match[1]);
    for (const match of file.source.matchAll(/from '\.\/([\w-]+)'/g)) if (match[1]) targets.add(`scope/${match[1]}`);
    graph.set(`scope/${file.name}`, targets);
  }
  for (const entry of fs.readdirSync(MODULES_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const targets = new Set<string>();
    for (const source of sourcesOf(path.join(MODULES_DIR, entry.name))) {
      for (const match of source.matchAll(/from '\.\.\/([\w-]+)\//g)) {
        const target = match[1];
        if (target && target !== entry.name) targets.add(target);
      }
      for (const match of source.matchAll(/from '\.\.\/\.\.\/scope\/([\w-]+)'/g)) if (match[1]) targets.add(`scope/${match[1]}`);
    }
    graph.set(entry.name, targets);
  }
  return graph;
}

/** Every cycle's modules, as found by a depth-first walk (each cycle once, from where it was met). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('API modules', () => {
  it('import each other without a cycle (docs/ARCHITECTURE.md): what two modules share goes one way', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(cyclesOf(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
