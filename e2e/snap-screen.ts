import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/**
 * Keeps what the screen shows now as test-results/screenshots/<name>.png: where the page is
 * scrolled, an open popover or a toast. A full-page picture (`snap`) of a page ten screens long
 * shows none of that at a readable size.
 */
export async function snapScreen(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}
