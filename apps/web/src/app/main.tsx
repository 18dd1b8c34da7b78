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
/**
 * The first screen is drawn in its own font: the faces are `font-display: swap`, so text drawn before
 * they arrive is drawn again when they do, and on a busy phone that moved the page's header buttons
 * and the filters' outlines (layout-stability.spec.ts). The Latin face is preloaded by index.html and
 * the app's chunk is larger, so this rarely waits; it never waits more than 3 s (a font that fails
 * or a slow network keeps the fallback, then swaps).
 */
const fontsReady = (): Promise<unknown> => {
  if (!('fonts' in document)) return Promise.resolve();
  const faces = [document.fonts.load('1em "Montserrat Variable"')];
  if (settingsStore.getSnapshot().language === 'ar') faces.push(document.fonts.load('1em "Noto Sans Arabic Variable"', 'ع'));
  return Promise.race([Promise.all(faces).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
};
const hasStoredSession = Boolean(readAccessToken() || readRefreshToken());
/** The app and the public texts (its loading bar's, its public pages'), fetched together. */
const startApp = (initialSession?: SessionState) =>
  Promise.all([import('./app'), loadPublicTexts(settingsStore.getSnapshot().language).catch(() => undefined), fontsReady()]).then(
    ([{ renderApp }]) => renderApp(root, initialSession),
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
  void Promise.all([loadSignInTexts(language).catch(() => undefined), fontsReady()]).finally(() =>
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
