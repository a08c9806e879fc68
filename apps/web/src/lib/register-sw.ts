import i18n from './i18n';
import { getCurrentUser, onSessionChange } from './session';
import { toast } from '@/components/ui/use-toast';

declare const __APP_BUILD__: string;
const BUILD_KEY = 'APP_BUILD';

/** The start that brings a new build says so, quietly (the service worker never swaps a running page). */
function noticeUpdate() {
  const seen = localStorage.getItem(BUILD_KEY);
  localStorage.setItem(BUILD_KEY, __APP_BUILD__);
  if (seen && seen !== __APP_BUILD__) toast({ title: i18n.t('pwa.updated_title'), description: i18n.t('pwa.updated') });
}

let station: Promise<typeof import('./station-offline')> | null = null;
/** A station's offline help: kept data, the queue of actions, the banner (loaded for role user only). */
function followSession() {
  if (!station && getCurrentUser()?.role !== 'user') return;
  station ??= import('./station-offline');
  void station.then((m) => m.followSession());
}

/**
 * Loaded after the first render (main.tsx): registers the service worker (decision 023). Kept
 * small: the sign-in page's budget counts what the entry loads, and this is not part of it.
 */
export function registerServiceWorker() {
  noticeUpdate();
  followSession();
  onSessionChange(followSession);
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => console.warn('service worker not registered', err));
}
