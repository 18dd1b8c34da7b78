import '@fontsource-variable/montserrat/wght.css';
import '@fontsource-variable/noto-sans-arabic/wght.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from '../i18n/index';
import { settingsStore } from '../shared/lib/settings-store';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

initI18n(settingsStore.getSnapshot().language);
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
