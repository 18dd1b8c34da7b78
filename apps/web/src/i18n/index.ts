import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
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
 * Each language is its own chunk (~13 KB gzip each): a visitor downloads only the one they read.
 * `loadLanguage` resolves once its texts are in i18next; switching waits for it (language-switch.ts).
 */
const loaders: Record<Language, () => Promise<Translations>> = {
  en: () => import('./en').then((module) => module.en),
  ar: () => import('./ar').then((module) => module.ar),
};
const loading = new Map<Language, Promise<void>>();

/** Adds a language's texts that are already at hand (the tests register both up front). */
export function registerLanguage(language: Language, texts: Translations) {
  ensureInitialized(language);
  if (!i18next.hasResourceBundle(language, 'translation')) i18next.addResourceBundle(language, 'translation', texts);
  loading.set(language, Promise.resolve());
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

export function isLanguageLoaded(language: Language): boolean {
  return i18next.isInitialized && i18next.hasResourceBundle(language, 'translation');
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
}

/** One i18next instance in `language`; its texts come from `loadLanguage` (or `registerLanguage`). */
export function initI18n(language: Language) {
  ensureInitialized(language);
  if (i18next.language !== language) void i18next.changeLanguage(language);
  return i18next;
}

export { i18next };
