import { createRoot, type Root } from 'react-dom/client';
import { queryClient } from '@/app/providers';
import { FLUSH_QUEUE_MESSAGE } from '@/sw/messages';
import { flushQueue, onActionSent } from './offline-queue';
import { forgetStationQueries, persistStationQueries } from './persisted-queries';
import { getCurrentUser } from './session';
import { OfflineStatus } from './offline-status';

/*
 * A station's offline help (decision 023), started for a signed-in station and stopped when the
 * session changes: its page data kept on the device, its queued actions sent when the connection
 * returns (the `online` event, the service worker's Background Sync message, at start, when the
 * app comes back to the screen, and every 30 s: a phone in a back room often says it is online
 * while nothing gets through, and then no `online` event comes), and the status line that says so.
 */
const RETRY_MS = 30_000;
let running: { userId: number; stop: () => void } | null = null;

const flush = () => {
  if (navigator.onLine) void flushQueue().catch(() => {});
};
const onVisible = () => document.visibilityState === 'visible' && flush();
const onWorkerMessage = (e: MessageEvent) => {
  if ((e.data as { type?: string } | null)?.type === FLUSH_QUEUE_MESSAGE) flush();
};

function start(userId: number) {
  let root: Root | null = null;
  let stopPersisting = () => {};
  let stopped = false;
  void persistStationQueries(queryClient, userId).then((stop) => (stopped ? stop() : (stopPersisting = stop)));
  const stopSent = onActionSent((a) => void queryClient.invalidateQueries({ queryKey: a.refresh }));
  window.addEventListener('online', flush);
  document.addEventListener('visibilitychange', onVisible);
  const retry = setInterval(flush, RETRY_MS);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  const host = document.createElement('div');
  host.id = 'offline-status';
  document.body.append(host);
  root = createRoot(host);
  root.render(<OfflineStatus client={queryClient} />);
  flush();
  return () => {
    stopped = true;
    stopPersisting();
    stopSent();
    window.removeEventListener('online', flush);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(retry);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    root?.unmount();
    host.remove();
  };
}

/** Called at start and at every sign-in or sign-out: runs for the signed-in station only. */
export function followSession() {
  const user = getCurrentUser();
  const wanted = user?.role === 'user' ? user.id : null;
  if (running?.userId === wanted) return;
  if (running) {
    running.stop();
    running = null;
    void forgetStationQueries();
  }
  if (wanted !== null) running = { userId: wanted, stop: start(wanted) };
}
