import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { followTextDigits, i18next } from '../i18n/index';
import { ApiError } from '../shared/lib/api-client';
import { QUERY_GC_TIME_MS } from '../shared/lib/constants';
import { digitSystemOfUser, setDigitSystem } from '../shared/lib/format-number';
import { SessionProvider, useSession, type SessionState } from '../shared/lib/session';
import { FieldDataProvider } from '../shared/offline/field-data-provider';
import { FIELD_QUERY_GC_TIME_MS } from '../shared/offline/field-data-store';
import { registerFieldWrites } from '../shared/offline/offline-writes';
import { DisplayProviders } from './display-providers';

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

/** Theme, direction and language (display-providers.tsx), then queries and the session (toasts: app/layout/toast-provider). */
export function AppProviders({
  children,
  queryClient,
  initialSession,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  initialSession?: SessionState;
}) {
  const [client] = useState(() => queryClient ?? createAppQueryClient());
  return (
    <DisplayProviders>
      <QueryClientProvider client={client}>
        <SessionProvider initialState={initialSession}>
          <DigitSystemOfSession>
            <FieldDataProvider>{children}</FieldDataProvider>
          </DigitSystemOfSession>
        </SessionProvider>
      </QueryClientProvider>
    </DisplayProviders>
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
