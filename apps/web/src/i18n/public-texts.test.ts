import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { texts as arPublic } from 'virtual:public-texts/ar';
import { texts as enPublic } from 'virtual:public-texts/en';
import { texts as arSignIn } from 'virtual:sign-in-texts/ar';
import { texts as enSignIn } from 'virtual:sign-in-texts/en';
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

/** The code of the public sign-in shell (app/public-shell.tsx) and of what it renders. */
const signInFiles = [
  'app/main.tsx',
  'app/public-shell.tsx',
  'app/display-providers.tsx',
  'features/auth/components/sign-in-form.tsx',
  'features/auth/components/auth-card.tsx',
  'features/auth/components/password-field.tsx',
  'features/auth/components/sign-in-error.ts',
  'shared/ui/text-input.tsx',
];
const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
const askedFor = (files: string[]) =>
  files.flatMap((file) =>
    [...fs.readFileSync(path.join(src, file), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z]+)+)'/g)].map((match) => match[1] ?? ''),
  );
const missing = (texts: unknown, keys: string[]) =>
  keys.filter((key) => typeof lookup(texts, key) !== 'string' && typeof lookup(texts, `${key}_one`) !== 'string');

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
    const keys = askedFor(publicFiles);
    expect(keys.length).toBeGreaterThan(20);
    for (const texts of [enPublic, arPublic]) expect(missing(texts, keys)).toEqual([]);
  });
});

describe('the sign-in shell texts (virtual:sign-in-texts)', () => {
  it('have every key the sign-in shell asks for, and neither the password reset nor the forms', () => {
    const keys = [...askedFor(signInFiles), 'language.en', 'language.ar'];
    expect(keys.length).toBeGreaterThan(20);
    for (const texts of [enSignIn, arSignIn]) expect(missing(texts, keys)).toEqual([]);
    expect(enSignIn.auth).toEqual({ signIn: en.auth.signIn, errors: en.auth.errors });
    expect(arSignIn).not.toHaveProperty('forms');
    expect(JSON.stringify(arSignIn).length).toBeLessThan(JSON.stringify(arPublic).length / 2);
  });
});
