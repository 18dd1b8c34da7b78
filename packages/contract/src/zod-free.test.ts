import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The modules the web app's shell, lists and dashboard read before a screen shows: none may reach
 * zod through its imports, or every screen downloads it again (docs/performance.md, "No zod
 * before a screen shows").
 */
const ZOD_FREE = [
  'error-codes',
  'money-format',
  'service-names',
  'list-specs',
  'onboarding-items',
  'digits',
  'roles',
  'session',
  'permissions',
  'audit-fields',
  'job-states',
  'endpoint',
  'endpoints/exchange-rates',
  'endpoints/crud',
  'endpoints/bundles',
  'endpoints/routes',
  'display-format',
  'notification-kinds',
  'endpoints/notifications',
  'endpoints/users',
  'endpoints/audit',
  'endpoints/tenants',
  'endpoints/subscriptions',
  'endpoints/cash',
  'endpoints/invoices',
  'endpoints/customers',
  'endpoints/payments',
  'endpoints/overdue',
  'endpoints/addresses',
  'endpoints/config',
  'endpoints/services',
  'endpoints/statistics',
  'endpoints/transactions',
  'endpoints/jobs',
];

/** The value imports (not `import type`) of a module, followed through the contract's own files. */
function reachable(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const source = fs.readFileSync(path.join(import.meta.dirname, `${name}.ts`), 'utf8');
  for (const [, specifier = ''] of source.matchAll(/^(?:import|export) (?!type )[^;]*? from '([^']+)';/gms)) {
    // A relative import names a file of the contract, from the importing module's folder.
    if (specifier.startsWith('.')) reachable(path.posix.join(path.posix.dirname(name), specifier), seen);
    else seen.add(specifier);
  }
  return seen;
}

describe('zod-free contract modules', () => {
  it.each(ZOD_FREE)('%s imports no zod, directly or through another module', (name) => {
    expect([...reachable(name)].filter((module) => module === 'zod' || module.startsWith('zod/'))).toEqual([]);
  });

  it('sees a zod import where there is one', () => {
    expect(reachable('money').has('zod')).toBe(true);
  });

  it('follows a relative import out of a folder', () => {
    expect(reachable('endpoints/crud').has('endpoint')).toBe(true);
  });
});
