import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web'],
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine, where the
    // files then ran one after another (issue 12, item 5). At least two; unchanged on larger machines.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
