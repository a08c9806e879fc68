import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import type { FetchStatus, QueryStatus } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { cn } from './cn';
import { getCurrentUser } from './session';

/*
 * What a page shows when it cannot ask the server and has no data of its own (decision 023): that
 * it is offline and nothing is kept on this device yet, never "nothing found" or an endless
 * "loading". Small on purpose: lists shared with the staff pages import it.
 */

/** No answer at all (no network, the server out of reach); an answer with an error is the server's word. */
export const isNetworkFailure = (error: unknown) => isAxiosError(error) && !error.response && error.code !== 'ERR_CANCELED';

/**
 * Whether a station's kept data is still being read from the device: until then a page without
 * data is loading, not empty. lib/persisted-queries.ts ends it; other roles keep nothing.
 */
let restoring = getCurrentUser()?.role === 'user';
const listeners = new Set<() => void>();
export const keptDataRestoring = {
  get: () => restoring,
  set: (value: boolean) => {
    restoring = value;
    listeners.forEach((l) => l());
  },
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};

interface QueryLike {
  data: unknown;
  status: QueryStatus;
  fetchStatus: FetchStatus;
  error: unknown;
}

/** True when the query has no data, the device keeps none, and the server cannot be asked (offline, or no answer). */
export function useNothingKeptOffline(query: QueryLike) {
  const stillRestoring = useSyncExternalStore(keptDataRestoring.subscribe, keptDataRestoring.get);
  if (query.data !== undefined || stillRestoring) return false;
  return query.fetchStatus === 'paused' || (query.status === 'error' && isNetworkFailure(query.error));
}

/** In place of a page's data: offline, and nothing of it kept on this device yet. */
export function NothingKeptOffline({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={cn('flex items-center justify-center gap-2 py-8 text-center text-muted-foreground', className)} data-testid="offline-nothing-kept">
      <CloudOff className="size-4 shrink-0" aria-hidden />
      {t('offline.nothing_kept')}
    </p>
  );
}
