import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { texts as arPublic } from 'virtual:public-texts/ar';
import { texts as enPublic } from 'virtual:public-texts/en';
import { ar } from './ar';
import { en } from './en';

const src = path.resolve(import.meta.dirname, '..');
/** The code of the pages seen before signing in, and of what they render around them. */
const publicFiles = [
  ...fs.readdirSync(path.join(src, 'features/auth'), { recursive: true, encoding: 'utf8' }).map((file) => `features/auth/${file}`),
  ...fs.readdirSync(path.join(src, 'features/errors'), { recursive: true, encoding: 'utf8' }).map((file) => `features/errors/${file}`),
  'app/router.tsx',
  'app/route-guards.tsx',
  'shared/ui/full-page-loader.tsx',
  'shared/ui/status-page.tsx',
  'shared/ui/text-input.tsx',
].filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));

describe('the public texts (virtual:public-texts)', () => {
  it('hold the sign-in sections of each language and none of the signed-in screens', () => {
    expect(Object.keys(enPublic).sort()).toEqual(['app', 'auth', 'common', 'errors', 'forms', 'language', 'profile', 'tenants', 'users']);
    expect(enPublic.tenants).toEqual({ signedOut: en.tenants.signedOut });
    expect(enPublic.auth).toEqual(en.auth);
    expect(arPublic.auth).toEqual(ar.auth);
    expect(arPublic.errors).toEqual(ar.errors);
    expect(enPublic).not.toHaveProperty('customers');
    expect(JSON.stringify(arPublic).length).toBeLessThan(JSON.stringify(ar).length / 4);
  });

  it('have every key the pages before signing in ask for', () => {
    const keys = publicFiles.flatMap((file) => [...fs.readFileSync(path.join(src, file), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z]+)+)'/g)].map((match) => match[1] ?? ''));
    expect(keys.length).toBeGreaterThan(20);
    const lookup = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
    for (const texts of [enPublic, arPublic]) {
      expect(keys.filter((key) => typeof lookup(texts, key) !== 'string' && typeof lookup(texts, `${key}_one`) !== 'string')).toEqual([]);
    }
  });
});
