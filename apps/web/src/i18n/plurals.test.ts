import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setDigitSystem } from '../shared/lib/format-number';
import { ar } from './ar';
import { en } from './en';
import { i18next, initI18n } from './index';

/**
 * Plurals (i18next's `_one`, `_other`… keys, chosen by Intl.PluralRules): a text said with a count
 * has every plural form of its language, English's two and Arabic's six; a count is never said with
 * a text that has one form ("1 readings"). Read from the catalogues and from the source.
 */
const SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') texts.set(dotted, value);
    else for (const [inner, text] of flatten(value, dotted)) texts.set(inner, text);
  }
  return texts;
}

const texts = { en: flatten(en), ar: flatten(ar) };
/** The forms a language needs, as Intl knows them: en one, other; ar zero, one, two, few, many, other. */
const formsOf = (language: 'en' | 'ar') => new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
const pluralBases = (language: 'en' | 'ar') =>
  new Set([...texts[language].keys()].filter((key) => SUFFIX.test(key)).map((key) => key.replace(SUFFIX, '')));

/** Every source file of the app (tests aside): where texts are asked for. */
const src = path.resolve(import.meta.dirname, '..');
const sources = fs
  .readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('i18n/'))
  .map((file) => ({ file, code: fs.readFileSync(path.join(src, file), 'utf8') }));

/** `t('a.b', { …, count: … })`: the keys asked for with a count, and where. */
function keysAskedWithCount(): { key: string; file: string }[] {
  const asked: { key: string; file: string }[] = [];
  for (const { file, code } of sources) {
    for (const match of code.matchAll(/\bt\(\s*(['`])([^'`]+)\1\s*,\s*\{([^}]*)\}/g)) {
      if (/\bcount\b\s*[:,}]|\bcount\s*$/.test(match[3] ?? '')) asked.push({ key: match[2] ?? '', file });
    }
  }
  return asked;
}

afterEach(() => {
  setDigitSystem('arab');
  initI18n('en');
});

describe('plural texts', () => {
  it('have every form of their language, English and Arabic alike', () => {
    expect(formsOf('en')).toEqual(['one', 'other']);
    expect(formsOf('ar')).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    const bases = pluralBases('en');
    expect(bases.size).toBeGreaterThan(15);
    expect([...pluralBases('ar')].sort()).toEqual([...bases].sort());
    const missing: string[] = [];
    for (const language of ['en', 'ar'] as const)
      for (const base of bases)
        for (const form of formsOf(language)) if (!texts[language].has(`${base}_${form}`)) missing.push(`${language}: ${base}_${form}`);
    expect(missing).toEqual([]);
    // No singular text left beside a plural one (i18next would fall back to it), no form a language does not have.
    for (const language of ['en', 'ar'] as const)
      for (const key of texts[language].keys()) {
        if (bases.has(key)) missing.push(`${language}: ${key} beside its plural forms`);
        const form = SUFFIX.exec(key)?.[1];
        if (form && !formsOf(language).includes(form as Intl.LDMLPluralRule))
          missing.push(`${language}: ${key} is not a form of ${language}`);
      }
    expect(missing).toEqual([]);
  });

  it('write their count in the user’s digits: `{{count, number}}`', () => {
    const plain: string[] = [];
    for (const language of ['en', 'ar'] as const)
      for (const [key, text] of texts[language]) if (/\{\{count\}\}/.test(text)) plain.push(`${language}: ${key}`);
    expect(plain).toEqual([]);
  });

  it('are the only texts that interpolate a count', () => {
    const singular: string[] = [];
    for (const language of ['en', 'ar'] as const)
      for (const [key, text] of texts[language]) if (!SUFFIX.test(key) && /\{\{count\b/.test(text)) singular.push(`${language}: ${key}`);
    // An English text that puts a number before a plural noun ("{{n}} customers") is counting: it needs plural forms.
    const NOT_A_COUNT = new Set(['name', 'service', 'month', 'amount', 'customer', 'actor', 'number', 'date']);
    for (const [key, text] of texts.en) {
      if (SUFFIX.test(key)) continue;
      for (const match of text.matchAll(/\{\{(\w+)[^}]*\}\} ([a-z]+s)\b/g))
        if (!NOT_A_COUNT.has(match[1] ?? '') && !/^(is|was|has)$/.test(match[2] ?? '')) singular.push(`en: ${key} counts ${match[2]}`);
    }
    expect(singular).toEqual([]);
  });

  it('are what every count in the source asks for', () => {
    const asked = keysAskedWithCount();
    expect(asked.length).toBeGreaterThan(15);
    const bases = pluralBases('en');
    const singular = asked.filter(({ key }) => !bases.has(key)).map(({ key, file }) => `${file}: t('${key}', { count })`);
    expect(singular).toEqual([]);
  });
});

describe('i18next chooses the form by the count', () => {
  it('in English: one, other', () => {
    initI18n('en');
    expect(i18next.t('offline.signOut.text', { count: 1 })).toMatch(/^1 reading or payment on this phone has not/);
    expect(i18next.t('offline.signOut.text', { count: 3 })).toMatch(/^3 readings or payments/);
    expect(i18next.t('customerImport.done', { count: 1 })).toBe('1 customer imported.');
    expect(i18next.t('customerImport.done', { count: 1250 })).toBe('1,250 customers imported.');
  });

  it('in Arabic: the six forms, the count in the user’s digits', () => {
    initI18n('ar');
    setDigitSystem('arab');
    const done = (count: number) => i18next.t('customerImport.done', { count });
    expect([0, 1, 2, 3, 11, 100].map(done)).toEqual([
      'تم استيراد ٠ مشترك.',
      'تم استيراد مشترك واحد.',
      'تم استيراد مشتركَين.',
      'تم استيراد ٣ مشتركين.',
      'تم استيراد ١١ مشتركًا.',
      'تم استيراد ١٠٠ مشترك.',
    ]);
    setDigitSystem('latn');
    expect(done(11)).toBe('تم استيراد 11 مشتركًا.');
    expect(i18next.t('overdue.filters.atLeast', { count: 60 })).toBe('60 يومًا على الأقل');
  });
});
