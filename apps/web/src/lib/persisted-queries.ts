import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { createStore, del, get, set } from 'idb-keyval';

/** A station's page data kept on the device, so its pages open offline (decision 023). */
interface Saved {
  userId: number;
  savedAt: number;
  state: DehydratedState;
}

const store = createStore('promo-offline-data', 'queries');
const KEY = 'station';
/** Older data is not shown: a week-old plan is worse than none. */
const MAX_AGE_MS = 7 * 24 * 3600_000;
const SAVE_DELAY_MS = 1000;

/** Only the station's own pages (features/company), and only what arrived. */
const isStationData = (q: { queryKey: readonly unknown[]; state: { status: string } }) => q.queryKey[0] === 'company' && q.state.status === 'success';

type Listener = () => void;
const listeners = new Set<Listener>();
let status = { networkFailed: false, dataFrom: null as number | null };
const emit = (next: Partial<typeof status>) => {
  status = { ...status, ...next };
  listeners.forEach((l) => l());
};
/** Whether the last fetch failed for want of a network, and when the newest station data arrived. */
export const persistedStatus = {
  get: () => status,
  subscribe: (l: Listener) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};

const newest = (client: QueryClient) =>
  Math.max(0, ...client.getQueryCache().findAll({ predicate: isStationData }).map((q) => q.state.dataUpdatedAt)) || null;

/**
 * Restores the station's kept data into the cache (a fetch already under way wins: hydrate keeps
 * newer data), then keeps it up to date as queries succeed. Returns the function that stops it.
 */
export async function persistStationQueries(client: QueryClient, userId: number) {
  const saved = await get<Saved>(KEY, store).catch(() => undefined);
  if (saved && saved.userId === userId && Date.now() - saved.savedAt < MAX_AGE_MS) hydrate(client, saved.state);
  else if (saved) await del(KEY, store);
  emit({ dataFrom: newest(client) });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const state = dehydrate(client, { shouldDehydrateQuery: isStationData });
    if (state.queries.length) void set(KEY, { userId, savedAt: Date.now(), state } satisfies Saved, store).catch(() => {});
  };
  const stop = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== 'company') return;
    const { action } = event;
    if (action.type === 'success') {
      emit({ networkFailed: false, dataFrom: newest(client) });
      timer ??= setTimeout(save, SAVE_DELAY_MS);
    } else if (action.type === 'error') {
      // No answer at all is a network failure; an answer with an error is the server's word.
      if (isAxiosError(action.error) && !action.error.response) emit({ networkFailed: true });
    }
  });
  // What arrived before this started (it starts after the first render) is kept too.
  if (newest(client)) timer = setTimeout(save, SAVE_DELAY_MS);
  return () => {
    stop();
    clearTimeout(timer);
  };
}

/** Signing out (or in as someone else) forgets the kept data. */
export const forgetStationQueries = () => del(KEY, store).catch(() => {});
