/// <reference lib="webworker" />
// The service worker (decision 023), built by vite-plugin-pwa (injectManifest) with Workbox.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { keepFromMessage } from './kept-data';
import { FLUSH_QUEUE_MESSAGE, QUEUE_SYNC_TAG } from './messages';
import { notificationOf } from './push-payload';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

// The app shell and the station pages (the list is the build's, apps/web/build/precache.ts).
// No skipWaiting(): a new version waits until every window of the old one is closed, so a page
// never mixes two builds' chunks; the page says "updated" on the start that brings it.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Navigations the server answers itself (API, downloads, probes, the manifest): never the shell. */
const NOT_THE_APP = [/^\/(api|company_api|socket\.io)\//, /^\/(healthz|readyz|manifest\.webmanifest|sw\.js)$/];
const NETWORK_WAIT_MS = 4000;

// Pages come from the network when it answers (the server chooses index.html or signed-in.html);
// offline, or when it does not answer in time, the cached shell opens and the app shows the
// data it kept (lib/persisted-queries.ts).
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await Promise.race([
          fetch(request),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('network too slow')), NETWORK_WAIT_MS)),
        ]);
      } catch {
        return (await matchPrecache('/signed-in.html')) ?? (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: NOT_THE_APP },
  ),
);

// A station's page data, written for the page (sw/kept-data.ts): the write finishes even when the
// page that sent it is closed or left at once. Messages are handled in order, so the last one wins.
self.addEventListener('message', (event) => {
  const writing = keepFromMessage(event.data);
  if (writing) event.waitUntil(writing);
});

// Background Sync: the worker cannot send the queued actions itself (the session token is the
// page's), so it asks the open windows to flush; without one, the next start flushes.
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void };
  if (sync.tag !== QUEUE_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const w of windows) w.postMessage({ type: FLUSH_QUEUE_MESSAGE });
    }),
  );
});

// Web Push: the server sends {"title", "body", "link", "tag"} (features/push owns the sending side).
self.addEventListener('push', (event) => {
  const n = notificationOf(event.data?.text());
  event.waitUntil(self.registration.showNotification(n.title, { body: n.body, tag: n.tag, data: { link: n.link }, icon: '/icons/icon-192.png' }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = new URL((event.notification.data as { link?: string } | null)?.link ?? '/', self.location.origin);
  // Only links into this app: a payload cannot send the user elsewhere.
  const target = link.origin === self.location.origin ? link.href : self.location.origin + '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        // navigate() works only on a window this worker controls; otherwise a new one opens.
        if (await focused.navigate(target).catch(() => null)) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
