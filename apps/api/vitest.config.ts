import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Time limits stop a test that makes no progress, never one that is slow because the machine is
    // busy (docs/testing.md): at a load of 10-29 on 2 cores a 3 s test took over 60 s and three
    // security files failed on 120-240 s limits, not on an assertion. A hung test is still stopped
    // here, and a hung stage by `npm test`'s stage limit. A test that needs more says so itself.
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
