import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../shared/lib/api-client';
import { QUERY_GC_TIME_MS } from '../shared/lib/constants';
import { SessionProvider, type SessionState } from '../shared/lib/session';
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
          <FieldDataProvider>{children}</FieldDataProvider>
        </SessionProvider>
      </QueryClientProvider>
    </DisplayProviders>
  );
}
