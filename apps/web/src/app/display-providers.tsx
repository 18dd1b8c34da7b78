import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { useEffect, useLayoutEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import rtlPlugin from 'stylis-plugin-rtl';
import { prefixer } from 'stylis';
import { i18next, initI18n, isLanguageLoaded, loadLanguage } from '../i18n/index';
import { useSettings } from '../shared/lib/settings-store';
import { createAppTheme } from '../shared/lib/theme';

const ltrCache = createCache({ key: 'mui', prepend: true });
// stylis-plugin-rtl flips margins, paddings and positions for Arabic.
const rtlCache = createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] });

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The operating system's "reduce motion", followed while the app is open. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
      query?.addEventListener?.('change', onChange);
      return () => query?.removeEventListener?.('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION).matches : false),
    () => false,
  );
}

/**
 * Theme, direction and language, in the order they depend on each other: what every page needs,
 * the public sign-in shell (public-shell.tsx) as much as the signed-in app (providers.tsx).
 */
export function DisplayProviders({ children }: { children: ReactNode }) {
  const settings = useSettings();
  // `vars: null` and @mui/system's provider are what @mui/material/styles' ThemeProvider does for
  // a theme without CSS variables; going there directly keeps its CSS-variables provider (~3 KB
  // gzip) off the sign-in page.
  const prefersReducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => ({ ...createAppTheme(settings, { prefersReducedMotion }), vars: null }), [settings, prefersReducedMotion]);

  // Before paint, so the texts switch in the same frame as the direction (when the language came
  // from another tab or a reset, its texts may still be downloading: they follow when they arrive).
  useLayoutEffect(() => {
    if (isLanguageLoaded(settings.language)) {
      initI18n(settings.language);
      return;
    }
    let isCurrent = true;
    void loadLanguage(settings.language).then(() => {
      if (isCurrent) initI18n(settings.language);
    });
    return () => {
      isCurrent = false;
    };
  }, [settings.language]);
  useEffect(() => {
    document.documentElement.lang = settings.language;
    document.documentElement.dir = settings.themeDirection;
    document.title = i18next.t('app.name');
  }, [settings.language, settings.themeDirection]);

  return (
    <I18nextProvider i18n={i18next}>
      <CacheProvider value={settings.themeDirection === 'rtl' ? rtlCache : ltrCache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </I18nextProvider>
  );
}
