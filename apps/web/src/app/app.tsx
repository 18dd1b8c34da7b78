import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadErrorCatalog } from '../shared/lib/error-catalog';
import { whenIdle } from '../shared/lib/on-demand';
import type { SessionState } from '../shared/lib/session-context';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/**
 * The whole app: the router, the queries, the session kept fresh. main.tsx loads it at start when a
 * session is stored or the address is not the sign-in page, else after signing in through the
 * public shell (with the signed-in user as `initialSession`, so `me/` is not asked twice).
 */
export function renderApp(root: Root, initialSession?: SessionState) {
  const router = createAppRouter();
  root.render(
    <StrictMode>
      <AppProviders initialSession={initialSession}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // The error texts are needed after a first answer or check, not for the first render.
  whenIdle(() => void loadErrorCatalog().catch(() => undefined));
}
