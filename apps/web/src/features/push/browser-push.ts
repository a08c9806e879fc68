import type { PushLanguage } from '@promo/shared';
import { removeDevice, saveSubscription, vapidPublicKey } from './api';

/** What the browser allows: no Push API at all, the user blocked it, or it can be asked. */
export type PushSupport = 'unsupported' | 'denied' | 'available';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** The id this browser's subscription got, to mark "this device" in the list. */
const DEVICE_KEY = 'PUSH_DEVICE_ID';
export const thisDeviceId = () => Number(localStorage.getItem(DEVICE_KEY)) || null;

const fromBase64Url = (text: string) => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Without a service worker (not registered yet) `ready` never settles: give up after a while. */
const READY_MS = 10_000;

/**
 * How long the browser's push service and our server together may take once the user has allowed
 * notifications (issue 33): a push service that never answers must not leave the button turning.
 */
export const PUSH_ANSWER_MS = 15_000;

export class PushNotReady extends Error {}
export class PushTimedOut extends Error {}

/** `work`, or PushTimedOut after `ms`; the signal tells the work to stop (an API call is aborted). */
async function withinDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new PushTimedOut());
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks the browser for a push subscription (this is where it asks the user, so only after a
 * press) and stores it with the interface language. Returns 'denied' when the user said no and
 * 'dismissed' when the question was closed without an answer. The user's own time to answer is
 * not counted; the push service and the server get PUSH_ANSWER_MS after it (PushTimedOut).
 */
export async function turnOnPush(language: PushLanguage): Promise<'on' | 'denied' | 'dismissed'> {
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new PushNotReady()), READY_MS)),
  ]);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'dismissed';
  return withinDeadline(PUSH_ANSWER_MS, async (signal) => {
    const applicationServerKey = fromBase64Url(await vapidPublicKey(signal));
    // A subscription made with another server key (the keys were replaced) cannot be reused.
    const existing = await registration.pushManager.getSubscription();
    const existingKey = existing?.options.applicationServerKey;
    if (existing && (!existingKey || !sameBytes(new Uint8Array(existingKey), applicationServerKey))) await existing.unsubscribe();
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    if (signal.aborted) throw new PushTimedOut();
    const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
    const saved = await saveSubscription(json, language, signal);
    localStorage.setItem(DEVICE_KEY, String(saved.data.id));
    return 'on' as const;
  });
}

/**
 * Signing out on this browser stops its pushes (a shared shop computer or phone must not keep
 * receiving the last user's): the subscription is removed on the server while the session still
 * holds, and the browser's own is dropped. Never holds up the sign-out for long.
 */
export async function forgetThisDevice(): Promise<void> {
  const id = thisDeviceId();
  localStorage.removeItem(DEVICE_KEY);
  const work = (async () => {
    if (id) await removeDevice(id).catch(() => undefined);
    if (pushSupport() === 'unsupported') return;
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  })();
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000))]);
}
