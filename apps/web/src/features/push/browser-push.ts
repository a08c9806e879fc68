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

export class PushNotReady extends Error {}

/**
 * Asks the browser for a push subscription (this is where it asks the user, so only after a
 * press) and stores it with the interface language. Returns 'denied' when the user said no.
 */
export async function turnOnPush(language: PushLanguage): Promise<'on' | 'denied'> {
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new PushNotReady()), READY_MS)),
  ]);
  const applicationServerKey = fromBase64Url(await vapidPublicKey());
  // A subscription made with another server key (the keys were replaced) cannot be reused.
  const existing = await registration.pushManager.getSubscription();
  const existingKey = existing?.options.applicationServerKey;
  if (existing && (!existingKey || !sameBytes(new Uint8Array(existingKey), applicationServerKey))) await existing.unsubscribe();
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  } catch (err) {
    if (Notification.permission === 'denied') return 'denied';
    throw err;
  }
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  const saved = await saveSubscription(json, language);
  localStorage.setItem(DEVICE_KEY, String(saved.data.id));
  return 'on';
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
