import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** A phone in the hand: 390 × 844 with touch (issue 21, 33). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The page is controlled by the service worker (after a reload, as the first load never is). */
export async function controlledAfterReload(page: Page) {
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state), { timeout: 15_000 }).toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/** Cuts (or gives back) the network, and waits until the page knows. */
export async function setOffline(context: BrowserContext, page: Page, offline: boolean) {
  await context.setOffline(offline);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
}

/** The station's page data kept on the device (lib/persisted-queries.ts): each query's key as JSON and when its data arrived. */
export const keptQueries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ key: string; at: number }[]>((resolve) => {
        const open = indexedDB.open('promo-offline-data');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve([]);
          const get = db.transaction('queries').objectStore('queries').get('station');
          get.onsuccess = () => {
            type Query = { queryKey: unknown; state: { dataUpdatedAt: number } };
            const kept = get.result as { queries?: Query[]; state?: { queries: Query[] } } | undefined;
            resolve((kept?.queries ?? kept?.state?.queries ?? []).map((q) => ({ key: JSON.stringify(q.queryKey), at: q.state.dataUpdatedAt })));
          };
          get.onerror = () => resolve([]);
        };
        open.onerror = () => resolve([]);
      }),
  );

/** Waits until the device keeps a query whose key starts with each of these (JSON text of the key's start). */
export async function expectKept(page: Page, starts: string[]) {
  await expect
    .poll(async () => {
      const kept = await keptQueries(page);
      return starts.filter((s) => !kept.some((q) => q.key.startsWith(s)));
    }, { timeout: 10_000 })
    .toEqual([]);
}

/** Waits until the device keeps the data of a query whose key starts with `start`, as it arrived at `since` or later. */
export async function expectKeptSince(page: Page, start: string, since: number) {
  await expect
    .poll(async () => (await keptQueries(page)).some((q) => q.key.startsWith(start) && q.at >= since), { timeout: 10_000 })
    .toBe(true);
}
