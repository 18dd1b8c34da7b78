import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Pages are lazy chunks: on a busy 2-core machine the first render of a page can take seconds.
    testTimeout: 30_000,
  },
});
