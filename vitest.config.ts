import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/web', 'apps/server', 'apps/server/vitest.memory.config.ts'],
    // Two cores: two test files at a time.
    maxWorkers: 2,
  },
});
