import type { TestInfo } from '@playwright/test';

/**
 * Each Playwright worker has a server and a database of its own (playwright.config.ts starts one
 * per worker on E2E_PORT + its index), so the specs of one worker never see another's changes.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const workerBaseURL = (info: Pick<TestInfo, 'parallelIndex'>) => `http://localhost:${E2E_PORT + info.parallelIndex}`;
