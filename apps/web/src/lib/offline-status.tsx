import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryClient } from '@tanstack/react-query';
import { CloudOff, Clock, TriangleAlert, X } from 'lucide-react';
import { formatTimeOfDay } from './format';
import { dismissAction, useQueuedActions } from './offline-queue';
import { isPageData, persistedStatus } from './persisted-queries';

const subscribeOnline = (l: () => void) => {
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
};

/** The page shows no station data (-1), station data of which none is kept (0), or data as old as this (its oldest part). */
const NO_PAGE_DATA = -1;
function pageDataFrom(client: QueryClient) {
  const shown = client.getQueryCache().findAll({ predicate: (q) => isPageData(q.queryKey) && q.isActive() });
  if (!shown.length) return NO_PAGE_DATA;
  const times = shown.filter((q) => q.state.data !== undefined).map((q) => q.state.dataUpdatedAt);
  return times.length ? Math.min(...times) : 0;
}

/**
 * The station's offline status (decision 023): "Offline – showing data from 14:32" (the oldest
 * data the page shows) while the browser is offline or the last fetch found no network, and the
 * actions still waiting to be sent (or refused, with the server's message) until they are.
 */
export function OfflineStatus({ client }: { client: QueryClient }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLElement>(null);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const { networkFailed } = useSyncExternalStore(persistedStatus.subscribe, persistedStatus.get);
  const subscribeCache = useCallback((l: () => void) => client.getQueryCache().subscribe(l), [client]);
  const dataFrom = useSyncExternalStore(subscribeCache, () => pageDataFrom(client));
  const actions = useQueuedActions();
  const offline = !online || networkFailed;
  const shown = offline || actions.length > 0;
  // Its height, for what a phone pins to the bottom of the screen (the planner's save bar sits above it).
  useLayoutEffect(() => {
    const el = panel.current;
    const root = document.documentElement.style;
    if (!shown || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.setProperty('--offline-status-height', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty('--offline-status-height');
    };
  }, [shown]);
  if (!shown) return null;
  const waiting = actions.filter((a) => !a.failed);
  const failed = actions.filter((a) => a.failed);
  return (
    <aside ref={panel} aria-label={t('offline.region')} className="fixed inset-x-0 bottom-0 z-40 grid gap-2 border-t border-border bg-background/95 p-3 text-sm shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-sm sm:rounded-md sm:border" data-testid="offline-status">
      {offline && (
        <p role="status" className="flex items-center gap-2 font-medium text-amber-900 dark:text-amber-200" data-testid="offline-banner">
          <CloudOff className="size-4 shrink-0" aria-hidden />
          {dataFrom > 0
            ? t('offline.banner', { time: formatTimeOfDay(new Date(dataFrom).toISOString()) })
            : dataFrom === NO_PAGE_DATA
              ? t('offline.banner_plain')
              : t('offline.banner_no_data')}
        </p>
      )}
      {waiting.length > 0 && (
        <details open className="grid gap-1" data-testid="offline-queue">
          <summary className="cursor-pointer font-medium">{t('offline.waiting', { count: waiting.length })}</summary>
          <ul className="grid gap-1 ps-1">
            {waiting.map((a) => (
              <li key={a.id} className="flex items-center gap-2" data-testid="offline-queue-item">
                <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span>
                  {t(`offline.kind.${a.kind}`)}: {a.label}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {failed.map((a) => (
        <p key={a.id} className="flex items-start gap-2 text-destructive" role="alert" data-testid="offline-queue-failed">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="grow">
            {t('offline.failed', { what: `${t(`offline.kind.${a.kind}`)}: ${a.label}` })}{' '}
            {a.failed!.messageKey ? t(`server.${a.failed!.messageKey}`, { defaultValue: a.failed!.message }) : a.failed!.message}
          </span>
          <button type="button" className="rounded p-1 hover:bg-muted" aria-label={t('offline.dismiss')} onClick={() => void dismissAction(a.id)}>
            <X className="size-4" aria-hidden />
          </button>
        </p>
      ))}
    </aside>
  );
}
