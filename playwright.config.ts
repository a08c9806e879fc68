import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// One server and database per worker (e2e/worker-url.ts points each worker at PORT + its index):
// two workers on two cores take about two thirds of the time of one.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
/** Tells the servers of this run apart from an earlier run's build (scripts/e2e-server.mjs). */
const RUN = `${Date.now()}-${process.pid}`;

export default defineConfig({
  testDir: 'e2e',
  // Per port, so browser runs on different ports do not clear each other's artifacts.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, i) => ({
    // exec: the server script itself gets the shutdown signal, not a shell in front of it.
    command: 'exec node scripts/e2e-server.mjs',
    url: `http://localhost:${PORT + i}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    // TRUST_PROXY: a test may sign in from addresses of its own (X-Forwarded-For), as the sign-in
    // lockout's 20-address attack needs; a browser sends no such header.
    env: { PORT: String(PORT + i), TRUST_PROXY: 'true', E2E_RUN: RUN, ...(i > 0 ? { E2E_BUILD_WAIT: '1' } : {}) },
    stdout: 'ignore',
    // SIGTERM lets scripts/e2e-server.mjs drop its database; the default SIGKILL would leak it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stderr: 'pipe',
  })),
});
