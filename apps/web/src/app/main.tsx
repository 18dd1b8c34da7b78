import './fonts.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { RouterProvider } from 'react-router';
import { initI18n, loadPublicTexts } from '../i18n/index';
import { settingsStore } from '../shared/lib/settings-store';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const { language } = settingsStore.getSnapshot();
initI18n(language);
const router = createAppRouter();
// The service worker of the installable app: the shell and every page load offline after one visit.
// A new version takes over at once (autoUpdate); the queued writes live in IndexedDB, not in memory.
registerSW({ immediate: true });

// The public texts of the reader's language only (one small chunk), then the first render; the
// signed-in layout brings the rest of the language (router.tsx).
void loadPublicTexts(language).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
