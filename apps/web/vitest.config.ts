import { defineConfig } from 'vitest/config';
import { publicTexts } from './vite.config.js';

export default defineConfig({
  // src/i18n/index.ts imports the public texts (virtual:public-texts/<language>) on demand.
  plugins: [publicTexts()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Pages are lazy chunks and dialogs are typed into key by key: on a 2-core machine busy with
    // other builds a page's test took 20 s (counters, CI of 2026-11-24). The limit is for hung tests
    // only (docs/testing.md: slow because the machine is busy is not a failure).
    testTimeout: 300_000,
  },
});
