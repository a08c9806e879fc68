import { createStore, del, get, update } from 'idb-keyval';
import type { DehydratedState } from '@tanstack/react-query';

/*
 * Where a station's page data is kept on the device (decision 023): one record in IndexedDB, the
 * answers of its pages query by query. Each write merges what a page sends into what is kept (the
 * newer answer per query wins) in one transaction, so a page never drops what another page or an
 * earlier start kept. The page writes through the service worker when one controls it: a worker
 * outlives the page, so an answer that arrived just before the app was closed is still written
 * (a discarded document's IndexedDB transactions are aborted).
 */
export type KeptQuery = DehydratedState['queries'][number];
export interface Kept {
  userId: number;
  queries: KeptQuery[];
}

/** Older data is not shown: a week-old plan is worse than none (and the server forgets queued keys then too). */
export const MAX_AGE_MS = 7 * 24 * 3600_000;
/** A bound on what one device keeps: the newest answers win (a station's searches each make one). */
export const MAX_QUERIES = 200;

const store = createStore('promo-offline-data', 'queries');
const KEY = 'station';
export const KEEP_DATA_MESSAGE = 'keep-station-data';

const fresh = (q: KeptQuery, now: number) => now - q.state.dataUpdatedAt < MAX_AGE_MS;

/** What is kept after `incoming` arrives: per query the newer answer, none older than 7 days, the newest 200; another user's data goes. */
export function mergeKept(before: Kept | undefined, incoming: Kept, now = Date.now()): Kept {
  const byHash = new Map<string, KeptQuery>();
  if (before?.userId === incoming.userId && Array.isArray(before.queries)) for (const q of before.queries) byHash.set(q.queryHash, q);
  for (const q of incoming.queries) {
    const kept = byHash.get(q.queryHash);
    if (!kept || kept.state.dataUpdatedAt < q.state.dataUpdatedAt) byHash.set(q.queryHash, q);
  }
  const queries = [...byHash.values()]
    .filter((q) => fresh(q, now))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_QUERIES);
  return { userId: incoming.userId, queries };
}

/** The user's kept answers of the last 7 days (none for another user). */
export async function readKept(userId: number, now = Date.now()): Promise<KeptQuery[]> {
  const kept = await get<Kept>(KEY, store);
  if (!kept || kept.userId !== userId || !Array.isArray(kept.queries)) return [];
  return kept.queries.filter((q) => fresh(q, now));
}

/** Merges `incoming` into what is kept, or with null forgets it all. */
export const writeKept = (incoming: Kept | null) => (incoming ? update<Kept>(KEY, (before) => mergeKept(before, incoming), store) : del(KEY, store));

const isKept = (value: unknown): value is Kept =>
  !!value && typeof value === 'object' && typeof (value as Kept).userId === 'number' && Array.isArray((value as Kept).queries);

/** The worker's side: a page's message `{ type: KEEP_DATA_MESSAGE, kept }` (kept null: forget). */
export function keepFromMessage(data: unknown): Promise<void> | null {
  const msg = data as { type?: unknown; kept?: unknown } | null;
  if (msg?.type !== KEEP_DATA_MESSAGE) return null;
  if (msg.kept !== null && !isKept(msg.kept)) return null;
  return writeKept(msg.kept).catch(() => {});
}
