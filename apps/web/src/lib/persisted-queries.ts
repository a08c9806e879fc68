import { dehydrate, hydrate, partialMatchKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { company } from '@promo/shared';
import { KEEP_DATA_MESSAGE, MAX_AGE_MS, readKept, writeKept, type Kept } from '@/sw/kept-data';
import { isNetworkFailure, keptDataRestoring } from './offline-data';

/*
 * A station's page data kept on the device, so its pages open offline (decision 023): every
 * answer of the station's pages is written to IndexedDB as it arrives and kept, query by query,
 * for 7 days (sw/kept-data.ts), whatever the page's memory has let go of since; the app opened
 * again offline restores it all.
 */

/**
 * The data of a station's pages (the key's start): its own calls, its promotion list (the shared
 * list view's key, by the station's endpoint), the start page's "waiting for me" and push devices,
 * feedback; and the header's notifications, which every page shows.
 */
export const PAGE_DATA: QueryKey[] = [['company'], ['promotions', 'list', company.userPromotions.path], ['waiting-for-me'], ['push', 'devices'], ['feedback']];
const HEADER_DATA: QueryKey[] = [['notifications']];
const KEPT_DATA = [...PAGE_DATA, ...HEADER_DATA];

const matches = (prefixes: QueryKey[]) => (key: QueryKey) => prefixes.some((p) => partialMatchKey(key, p));
export const isPageData = matches(PAGE_DATA);
const isKeptData = matches(KEPT_DATA);
/** An answer as it arrived (a later failed refetch keeps its data, but that answer was kept when it came). */
const hasAnswer = (q: Query) => isKeptData(q.queryKey) && q.state.status === 'success' && q.state.data !== undefined;

type Listener = () => void;
const listeners = new Set<Listener>();
let status = { networkFailed: false };
const emit = (next: Partial<typeof status>) => {
  status = { ...status, ...next };
  listeners.forEach((l) => l());
};
/** Whether the last fetch of the station's data failed for want of a network. */
export const persistedStatus = {
  get: () => status,
  subscribe: (l: Listener) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};

/**
 * Through the service worker when one controls the page (it finishes the write even if the page
 * is closed at once), else directly; one after another, so a sign-out's forgetting comes last.
 */
let writing = Promise.resolve();
function write(kept: Kept | null) {
  writing = writing.then(() => {
    const worker = navigator.serviceWorker?.controller;
    if (!worker) return writeKept(kept).catch(() => {});
    worker.postMessage({ type: KEEP_DATA_MESSAGE, kept });
  });
  return writing;
}

/**
 * Restores the station's kept data into the cache (a fetch that already answered wins: hydrate
 * keeps newer data), then keeps each answer as it arrives. Returns the function that stops it.
 */
export async function persistStationQueries(client: QueryClient, userId: number) {
  // In memory too, the station's data stays as long as it is kept: a page opened an hour ago
  // opens offline with its data without a reload.
  for (const prefix of KEPT_DATA) client.setQueryDefaults(prefix, { gcTime: MAX_AGE_MS });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    const { queries } = dehydrate(client, { shouldDehydrateQuery: hasAnswer });
    if (queries.length) void write({ userId, queries });
  };
  // Answers that arrive together are written together, at once after them.
  const soon = () => void (timer ??= setTimeout(save, 0));
  const stop = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isKeptData(event.query.queryKey)) return;
    const { action } = event;
    if (action.type === 'success') {
      emit({ networkFailed: false });
      soon();
    } else if (action.type === 'error' && isNetworkFailure(action.error)) {
      emit({ networkFailed: true });
    }
  });
  // A phone puts an app away without closing it: what is not written yet is written now.
  const saveNow = () => timer !== undefined && save();
  const onHide = () => document.visibilityState === 'hidden' && saveNow();
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', saveNow);
  // What arrived before this started (it starts after the first render) is kept too, at once: a
  // write merges into what is kept, so it need not wait for the kept data to be read first.
  save();

  keptDataRestoring.set(true);
  try {
    hydrate(client, { queries: await readKept(userId).catch(() => []), mutations: [] });
  } finally {
    keptDataRestoring.set(false);
  }
  return () => {
    stop();
    clearTimeout(timer);
    for (const prefix of KEPT_DATA) client.setQueryDefaults(prefix, {});
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', saveNow);
  };
}

/** Signing out (or in as someone else) forgets the kept data. */
export const forgetStationQueries = () => write(null);
