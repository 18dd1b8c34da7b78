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

/** 503 `server_busy` (the API's door was full, nothing was done): its `Retry-After`, in seconds. */
function busyRetryAfter(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 503 || error.code !== 'server_busy') return null;
  const seconds = Number(error.headers?.get('retry-after') ?? (error.data as { retry_after?: unknown } | null)?.retry_after);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) : 2;
}

/** A read refused as busy is tried again up to 3 times after the server's Retry-After; other 5xx once; a 4xx never. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (busyRetryAfter(error) !== null) return failureCount < 3;
  return failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/** Busy: the server's Retry-After; otherwise TanStack Query's own back-off (1 s, 2 s, ... up to 30 s). */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  const busy = busyRetryAfter(error);
  return busy !== null ? busy * 1000 : Math.min(1000 * 2 ** failureCount, 30_000);
}

export function createAppQueryClient() {
  // TanStack Query assumes it starts online: a page opened with no network must know at once.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry; network blips and 5xx get one more try; busy, three.
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
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
 * The signed-in user's digit system (docs/web.md, "Digits"), set before the screens below render; a change (a
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
