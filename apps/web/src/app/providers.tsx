import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import rtlPlugin from 'stylis-plugin-rtl';
import { prefixer } from 'stylis';
import { i18next, initI18n, isLanguageLoaded, loadLanguage } from '../i18n/index';
import { ApiError } from '../shared/lib/api-client';
import { QUERY_GC_TIME_MS } from '../shared/lib/constants';
import { SessionProvider, type SessionState } from '../shared/lib/session';
import { FieldDataProvider } from '../shared/offline/field-data-provider';
import { FIELD_QUERY_GC_TIME_MS } from '../shared/offline/field-data-store';
import { registerFieldWrites } from '../shared/offline/offline-writes';
import { useSettings } from '../shared/lib/settings-store';
import { createAppTheme } from '../shared/lib/theme';
import { PickersAdapter } from '../shared/lib/pickers-adapter';

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

/**
 * The date pickers in the app's language: dayjs's locale gives the month names, the first day of
 * the week and (Arabic) the Arabic-Indic digits; the pickers' own words come from our texts.
 */
function PickersLocalization({ language, children }: { language: string; children: ReactNode }) {
  const { t } = useTranslation();
  const localeText = useMemo<Partial<PickersLocaleText>>(
    () => ({
      okButtonLabel: t('dateTime.picker.ok'),
      cancelButtonLabel: t('dateTime.picker.cancel'),
      clearButtonLabel: t('dateTime.picker.clear'),
      todayButtonLabel: t('dateTime.picker.today'),
      nextStepButtonLabel: t('dateTime.picker.next'),
      dateTimePickerToolbarTitle: t('dateTime.picker.title'),
      previousMonth: t('dateTime.picker.previousMonth'),
      nextMonth: t('dateTime.picker.nextMonth'),
      openPreviousView: t('dateTime.picker.previousView'),
      openNextView: t('dateTime.picker.nextView'),
      calendarViewSwitchingButtonAriaLabel: () => t('dateTime.picker.switchView'),
      openDatePickerDialogue: (formatted) => (formatted ? t('dateTime.picker.chosen', { value: formatted }) : t('dateTime.picker.choose')),
      selectViewText: (view) => t('dateTime.picker.select', { view: t(`dateTime.picker.views.${view}`) }),
      year: t('dateTime.picker.views.year'),
      month: t('dateTime.picker.views.month'),
      day: t('dateTime.picker.views.day'),
      hours: t('dateTime.picker.views.hours'),
      minutes: t('dateTime.picker.views.minutes'),
      seconds: t('dateTime.picker.views.seconds'),
      meridiem: t('dateTime.picker.views.meridiem'),
      empty: t('dateTime.picker.empty'),
    }),
    [t], // a new `t` when the language changes
  );
  return (
    <LocalizationProvider dateAdapter={PickersAdapter} adapterLocale={language === 'ar' ? 'ar' : 'en'} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
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
              <PickersLocalization language={settings.language}>
                <FieldDataProvider>{children}</FieldDataProvider>
              </PickersLocalization>
            </SessionProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </CacheProvider>
    </I18nextProvider>
  );
}
