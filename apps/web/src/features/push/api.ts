import { queryOptions } from '@tanstack/react-query';
import { push, type PushDevice, type PushLanguage } from '@promo/shared';
import { call } from '@/lib/api-client';

export const pushKeys = { devices: ['push', 'devices'] as const };

export const pushDevicesQuery = queryOptions({
  queryKey: pushKeys.devices,
  queryFn: async ({ signal }) => (await call<{ devices: PushDevice[] }>(push.list, {}, { silent: true, signal })).data.devices,
});

export const vapidPublicKey = async (signal?: AbortSignal) =>
  (await call<{ public_key: string }>(push.vapidPublicKey, {}, { silent: true, signal })).data.public_key;

/** The browser's subscription (`PushSubscription.toJSON()`) and the interface language of this device. */
export const saveSubscription = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, language: PushLanguage, signal?: AbortSignal) =>
  call<PushDevice>(push.subscribe, { body: { endpoint: subscription.endpoint, keys: subscription.keys, language } }, { silent: true, signal });

export const setDeviceEnabled = (id: number, enabled: boolean) => call<PushDevice>(push.setEnabled, { params: { id }, body: { enabled } }, { silent: true });

export const removeDevice = (id: number) => call(push.remove, { params: { id } }, { silent: true });

export const sendTestPush = (id: number) => call(push.test, { params: { id } }, { silent: true });
