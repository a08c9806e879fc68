import { z } from 'zod';
import { endpoint } from '../endpoint';
import { zBool, zIdParam } from '../form-values';

/** The languages a device's pushes are written in (the web app's interface languages). */
export const PUSH_LANGUAGES = ['no', 'en'] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];

/** A key of the browser's PushSubscription, base64url as `getKey()` encoded gives it. */
const base64url = (max: number) =>
  z
    .string({ error: 'required_field' })
    .trim()
    .min(1, 'required_field')
    .max(max, 'max_length')
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'push_key_invalid');

/** A browser's PushSubscription (`subscription.toJSON()`) and the device's interface language. */
export const pushSubscriptionBody = z.object({
  endpoint: z.string({ error: 'required_field' }).trim().min(1, 'required_field').max(2000, 'max_length'),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  language: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(PUSH_LANGUAGES, { error: 'push_language_invalid' }).default('no')),
});

export const pushEnabledBody = z.object({ enabled: zBool });

/** One of the caller's devices; the endpoint itself stays on the server. */
export interface PushDevice {
  id: number;
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com …). */
  service: string;
  user_agent: string;
  language: PushLanguage;
  enabled: boolean;
  created_at: string;
  last_sent_at: string | null;
}

/**
 * What the service worker receives in each push (decision 022): the notification's text in the
 * device's language, the web app's path a tap opens, and a tag that lets a newer push replace an
 * older one of the same subject.
 */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
  tag: string;
}

export const push = {
  vapidPublicKey: endpoint({
    method: 'GET',
    path: '/api/push/vapid-public-key',
    access: 'authenticated',
    summary: "The server's VAPID public key (base64url), the applicationServerKey of pushManager.subscribe()",
    example: {},
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    access: 'authenticated',
    body: pushSubscriptionBody,
    summary: "Store this device's push subscription for the caller (the same endpoint again updates it)",
    example: {
      body: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/dY2b…',
        keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
        language: 'no',
      },
    },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/push/subscriptions',
    access: 'authenticated',
    summary: "The caller's devices that receive pushes",
    example: {},
  }),
  setEnabled: endpoint({
    method: 'PUT',
    path: '/api/push/subscriptions/{id}',
    access: 'authenticated',
    params: zIdParam,
    body: pushEnabledBody,
    summary: 'Turn pushes to one of the caller’s devices off or on',
    example: { params: { id: 3 }, body: { enabled: false } },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions/{id}',
    access: 'authenticated',
    params: zIdParam,
    summary: 'Stop pushes to one of the caller’s devices and forget it',
    example: { params: { id: 3 } },
  }),
  test: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions/{id}/test',
    access: 'authenticated',
    params: zIdParam,
    summary: 'Send one of the caller’s devices a test notification (queued; it leaves at once)',
    example: { params: { id: 3 } },
  }),
};
