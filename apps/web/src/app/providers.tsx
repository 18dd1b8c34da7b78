import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import rtlPlugin from 'stylis-plugin-rtl';
import { prefixer } from 'stylis';
import { followTextDigits, i18next, initI18n, isLanguageLoaded, loadLanguage } from '../i18n/index';
import { ApiError } from '../shared/lib/api-client';
import { QUERY_GC_TIME_MS } from '../shared/lib/constants';
import { digitSystemOfUser, setDigitSystem } from '../shared/lib/format-number';
import { SessionProvider, useSession, type SessionState } from '../shared/lib/session';
import { FieldDataProvider } from '../shared/offline/field-data-provider';
import { FIELD_QUERY_GC_TIME_MS } from '../shared/offline/field-data-store';
import { registerFieldWrites } from '../shared/offline/offline-writes';
import { useSettings } from '../shared/lib/settings-store';
import { createAppTheme } from '../shared/lib/theme';

const ltrCache = createCache({ key: 'mui', prepend: true });
// stylis-plugin-rtl flips margins, paddings and positions for Arabic.
const rtlCache = createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] });

export function createAppQueryClient() {
  // TanStack Query assumes it starts online: a page opened with no network must know at once.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry; network blips and 5xx get one more try.
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
  // Service data stays on the device for a day after its screen closed (offline field work).
  client.setQueryDefaults(['services'], { gcTime: FIELD_QUERY_GC_TIME_MS });
  registerFieldWrites(client);
  return client;
}

/** Theme, direction, language, queries and the session, in the order they depend on each other (toasts: app/layout/toast-provider). */
export function AppProviders({
  children,
  queryClient,
  initialSession,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  initialSession?: SessionState;
}) {
  const settings = useSettings();
  const [client] = useState(() => queryClient ?? createAppQueryClient());
  const theme = useMemo(() => createAppTheme(settings), [settings]);

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
          <QueryClientProvider client={client}>
            <SessionProvider initialState={initialSession}>
              <DigitSystemOfSession>
                <FieldDataProvider>{children}</FieldDataProvider>
              </DigitSystemOfSession>
            </SessionProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </CacheProvider>
    </I18nextProvider>
  );
}

/**
 * The signed-in user's digit system (issue 17), set before the screens below render; a change (a
 * profile or settings save, another user) re-renders every translated text through i18next's
 * `languageChanged`, which each `useTranslation` follows.
 */
function DigitSystemOfSession({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const digits = digitSystemOfUser(user);
  // Set while rendering, so this very render's screens use it; screens already shown follow the event.
  setDigitSystem(digits);
  const [shown, setShown] = useState(digits);
  if (shown !== digits) setShown(digits);
  const isFirst = useRef(true);
  useLayoutEffect(() => {
    const isTextChanged = followTextDigits();
    if ((isTextChanged || !isFirst.current) && i18next.isInitialized) i18next.emit('languageChanged', i18next.language);
    isFirst.current = false;
  }, [shown]);
  return children;
}
