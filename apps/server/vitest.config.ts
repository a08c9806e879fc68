import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // The test files of a worker share one module graph instead of importing the app afresh each
    // (3.5 s per file): 263 s → 189 s for the server suite on PostgreSQL. Nothing here mocks modules;
    // every file builds its own app, database and storage.
    isolate: false,
    include: ['src/**/*.test.ts'],
    // Measures memory: in its own project (vitest.memory.config.ts).
    exclude: [...configDefaults.exclude, 'src/lib/storage-s3.test.ts'],
    globalSetup: ['src/test/global-setup.ts', 'src/test/push-ca-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
