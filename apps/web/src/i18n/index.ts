import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { digitSystemFor, formatCount, localizeDigits } from '../shared/lib/format-number';
import type { Translations } from './en';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translations };
  }
}

/**
 * Each language is its own chunk (~13 KB gzip each): a visitor downloads only the one they read, and
 * before signing in only its public texts (`loadPublicTexts`).
 * `loadLanguage` resolves once its texts are in i18next; switching waits for it (language-switch.ts).
 */
const loaders: Record<Language, () => Promise<Translations>> = {
  en: () => import('./en').then((module) => module.en),
  ar: () => import('./ar').then((module) => module.ar),
};
const loading = new Map<Language, Promise<void>>();
/** Only the texts of the pages seen before signing in (virtual:public-texts, apps/web/vite.config.ts). */
const publicLoaders: Record<Language, () => Promise<Partial<Translations>>> = {
  en: () => import('virtual:public-texts/en').then((module) => module.texts as Partial<Translations>),
  ar: () => import('virtual:public-texts/ar').then((module) => module.texts as Partial<Translations>),
};
const loadingPublic = new Map<Language, Promise<void>>();
/** The sign-in shell's texts (virtual:sign-in-texts): a subset of the public ones. */
const signInLoaders: Record<Language, () => Promise<Partial<Translations>>> = {
  en: () => import('virtual:sign-in-texts/en').then((module) => module.texts as Partial<Translations>),
  ar: () => import('virtual:sign-in-texts/ar').then((module) => module.texts as Partial<Translations>),
};
const loadingSignIn = new Map<Language, Promise<void>>();
const complete = new Set<Language>();

/**
 * Digits written in the texts themselves ("8 أحرف", "1–30 يومًا") follow the user's digit system like
 * formatted numbers do (docs/web.md, "Digits"): the Arabic texts are added with their digits
 * converted, outside `{{placeholders}}` (their values are formatted by the caller, a plural's count by
 * the `number` format below) and outside codes ("UTF-8", "YYYY-MM-DD" keep theirs), and added again
 * when the digit system changes (`followTextDigits`). The files keep Western digits.
 */
const originals = new Map<Language, Partial<Translations>>();
let textDigits = digitSystemFor('ar');

function withDigits<T>(value: T, language: Language): T {
  if (typeof value === 'string')
    return value
      .split(/(\{\{[^}]*\}\})/)
      .map((part, index) => (index % 2 ? part : localizeDigits(part, language)))
      .join('') as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withDigits(inner, language)])) as T;
}

function addTexts(language: Language, texts: Partial<Translations>) {
  originals.set(language, { ...originals.get(language), ...texts });
  if (language === 'ar') textDigits = digitSystemFor('ar');
  i18next.addResourceBundle(language, 'translation', language === 'ar' ? withDigits(texts, language) : texts, true, true);
}

/** Adds the Arabic texts again when the user's digit system changed; whether it did. */
export function followTextDigits(): boolean {
  const next = digitSystemFor('ar');
  if (next === textDigits) return false;
  textDigits = next;
  const arabic = originals.get('ar');
  if (arabic && i18next.isInitialized) i18next.addResourceBundle('ar', 'translation', withDigits(arabic, 'ar'), true, true);
  return true;
}

/** Adds a language's texts that are already at hand (the tests register both up front). */
export function registerLanguage(language: Language, texts: Translations) {
  ensureInitialized(language);
  // Deep, over the public texts that may be there already (the same words: they come from the same file).
  if (!complete.has(language)) addTexts(language, texts);
  complete.add(language);
  loading.set(language, Promise.resolve());
}

/**
 * The texts of the sign-in, password and error pages only (~2 KB gzip): enough for the first render
 * of a page seen before signing in. The signed-in layout waits for the whole language (router.tsx).
 */
export function loadPublicTexts(language: Language): Promise<void> {
  return loadSubset(language, publicLoaders, loadingPublic);
}

/** Fewer still: the texts of the public sign-in shell (app/public-shell.tsx) alone. */
export function loadSignInTexts(language: Language): Promise<void> {
  return loadSubset(language, signInLoaders, loadingSignIn);
}

function loadSubset(
  language: Language,
  subsetLoaders: Record<Language, () => Promise<Partial<Translations>>>,
  inFlight: Map<Language, Promise<void>>,
): Promise<void> {
  const whole = loading.get(language);
  if (whole) return whole;
  let promise = inFlight.get(language);
  if (!promise) {
    promise = subsetLoaders[language]().then((texts) => {
      ensureInitialized(language);
      if (!complete.has(language)) addTexts(language, texts);
    });
    promise.catch(() => inFlight.delete(language));
    inFlight.set(language, promise);
  }
  return promise;
}

export function loadLanguage(language: Language): Promise<void> {
  let promise = loading.get(language);
  if (!promise) {
    promise = loaders[language]().then((texts) => registerLanguage(language, texts));
    promise.catch(() => loading.delete(language)); // a failed download is tried again next time
    loading.set(language, promise);
  }
  return promise;
}

/**
 * Whether the language can be shown now: all its texts, or its public ones while no language is
 * complete yet (no signed-in screen has been opened: only public pages can be on screen).
 */
export function isLanguageLoaded(language: Language): boolean {
  return i18next.isInitialized && i18next.hasResourceBundle(language, 'translation') && (complete.has(language) || complete.size === 0);
}

function ensureInitialized(language: Language) {
  if (i18next.isInitialized) return;
  void i18next.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  // `{{count, number}}` in a plural text: the count in the user's digits (docs/web.md, "Digits"), not
  // i18next's own Intl formatter, which writes Arabic-Indic digits in Arabic whatever the user chose.
  i18next.services.formatter?.add('number', (value: unknown, language: string | undefined) => formatCount(Number(value), language ?? 'en'));
}

/** One i18next instance in `language`; its texts come from `loadLanguage` (or `registerLanguage`). */
export function initI18n(language: Language) {
  ensureInitialized(language);
  if (i18next.language !== language) void i18next.changeLanguage(language);
  return i18next;
}

export { i18next };
