import { defineProject } from 'vitest/config';

/**
 * Tests that measure what the process holds (storage-s3's streaming of 40 MB) run with a module
 * graph and process of their own: in the shared workers of the server project (isolate: false),
 * what earlier files left running allocates during the measurement (21 MB seen against 16 MB on
 * Node 24).
 */
export default defineProject({
  test: {
    name: 'server-memory',
    environment: 'node',
    include: ['src/lib/storage-s3.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: true,
  },
});
