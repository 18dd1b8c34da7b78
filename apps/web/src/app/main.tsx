import './fonts.css';
import './global.css';
import { landingPathFor } from '@meterline/contract/roles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, loadPublicTexts, loadSignInTexts } from '../i18n/index';
import type { SessionState } from '../shared/lib/session-context';
import { settingsStore } from '../shared/lib/settings-store';
import { readAccessToken, readRefreshToken } from '../shared/lib/tokens';
import { isPublicShellPath, PublicShell } from './public-shell';

const { language } = settingsStore.getSnapshot();
initI18n(language);
// The service worker of the installable app: the shell and every page load offline after one visit.
// A new version takes over at once (autoUpdate); the queued writes live in IndexedDB, not in memory.
// Its registration is a chunk of its own, fetched beside the first screen rather than before it.
void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));

const root = createRoot(document.getElementById('root')!);
const hasStoredSession = Boolean(readAccessToken() || readRefreshToken());
/** The app and the public texts (its loading bar's, its public pages'), fetched together. */
const startApp = (initialSession?: SessionState) =>
  Promise.all([import('./app'), loadPublicTexts(settingsStore.getSnapshot().language).catch(() => undefined)]).then(([{ renderApp }]) =>
    renderApp(root, initialSession),
  );
// A stored session opens a signed-in screen: its layout downloads alongside the app.
if (hasStoredSession) void import('./layout/app-layout');

// The first render waits for the texts it needs of the reader's language only (one small chunk): the
// sign-in shell's, or the public pages' (the signed-in layout brings the rest, router.tsx).
if (hasStoredSession || !isPublicShellPath(window.location.pathname)) {
  void startApp();
} else {
  // No session on the sign-in page: the public shell alone; the app follows the sign-in, at the
  // user's landing page (the sign-in button keeps spinning until it shows).
  void loadSignInTexts(language).finally(() =>
    root.render(
      <StrictMode>
        <PublicShell
          onSignedIn={async (user) => {
            window.history.replaceState(null, '', landingPathFor(user.role));
            await startApp({ isLoggedIn: true, isInitialized: true, user });
          }}
        />
      </StrictMode>,
    ),
  );
}
