import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { formatErrorMessage } from '@meterline/contract/error-messages';
import { ar } from './i18n/ar';
import { en } from './i18n/en';
import { registerLanguage } from './i18n/index';
import { registerErrorCatalog } from './shared/lib/error-catalog';

// The app downloads one language at a time; the tests have both at hand from the start.
registerLanguage('en', en);
registerLanguage('ar', ar);
registerErrorCatalog(formatErrorMessage);

// Pages are lazy chunks: the first import of one can take over a second while files run in parallel,
// and many seconds on a busy machine. A wait ends as soon as its condition holds; the limit only
// ends one that never will (docs/testing.md, "Time limits").
configure({ asyncUtilTimeout: 45_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
