import { isAxiosError } from 'axios';
import { api, toFormBody, type ApiResponse } from '@/lib/api-client';
import type { ApiErrorBody } from '@/lib/error-catalogue';
import { getCurrentUser } from '@/lib/session';
import { QUEUE_SYNC_TAG } from '@/sw/messages';
import { allActions, getAction, putAction, removeAction, type QueuedAction } from './store';

export type NewAction = Omit<QueuedAction, 'id' | 'userId' | 'createdAt' | 'failed'>;
/** Sent now (the server's answer), or kept on the device until the connection returns. */
export type Submitted<T> = { sent: true; answer: ApiResponse<T> } | { sent: false };

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
/** Told when the list changes or an action reaches the server (its `refresh` key is to be refetched). */
export const onQueueChange = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const sentListeners = new Set<(a: QueuedAction) => void>();
export const onActionSent = (l: (a: QueuedAction) => void) => {
  sentListeners.add(l);
  return () => void sentListeners.delete(l);
};

/** The signed-in user's queued actions, oldest first. */
export async function queuedActions() {
  const user = getCurrentUser();
  return user ? (await allActions()).filter((a) => a.userId === user.id) : [];
}

async function post<T>(a: QueuedAction, onProgress?: (fraction: number) => void) {
  const { fields, file } = a.request;
  let data: FormData | string;
  if (file) {
    data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    data.append(file.field, file.blob, file.name);
  } else {
    data = toFormBody(fields);
  }
  const res = await api.post<ApiResponse<T>>(a.request.path, data, {
    silent: true,
    timeout: file ? 0 : 30_000,
    headers: { 'Idempotency-Key': a.id, ...(file ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }) },
    onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
  });
  return res.data;
}

/** Replaced by a newer action of its subject before its turn came: the newer one is sent instead. */
const REPLACED = Symbol('replaced');
/** Sends of one subject, one after another: a newer value never overtakes an older one on the way. */
const lanes = new Map<string, Promise<unknown>>();

function send<T>(a: QueuedAction, onProgress?: (fraction: number) => void): Promise<ApiResponse<T> | typeof REPLACED> {
  if (!a.subject) return post<T>(a, onProgress);
  const subject = a.subject;
  const turn = (lanes.get(subject) ?? Promise.resolve())
    .catch(() => {})
    .then(async () => ((await getAction(a.id)) ? post<T>(a, onProgress) : REPLACED));
  lanes.set(subject, turn);
  void turn.catch(() => {}).finally(() => lanes.get(subject) === turn && lanes.delete(subject));
  return turn;
}

/**
 * A refusal the server will give again (4xx: the parcel is gone, the photo is not allowed). Not
 * 408/429, and not 409: that one means the same action is still running, so it is tried again.
 */
const refused = (err: unknown) => {
  const status = isAxiosError(err) ? err.response?.status : undefined;
  return !!status && status >= 400 && status < 500 && ![408, 409, 429].includes(status);
};

async function askForSync() {
  try {
    const reg = (await navigator.serviceWorker?.ready) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await reg?.sync?.register(QUEUE_SYNC_TAG);
  } catch {
    // No Background Sync here: the page's `online` event and the next start flush instead.
  }
}

/**
 * Keeps the action on the device first, then sends it with its idempotency key: the answer when
 * it arrives, else `sent: false` and it waits for the connection. A refusal of a fresh action is
 * thrown (the form shows it, as without the queue) and the action is not kept. An action with a
 * subject replaces the one of that subject still waiting (the last value wins); one already on
 * its way finishes first, so the newer value reaches the server after it.
 */
export async function submit<T>(action: NewAction, onProgress?: (fraction: number) => void): Promise<Submitted<T>> {
  const user = getCurrentUser();
  if (!user) throw new Error('not signed in');
  const queued: QueuedAction = { ...action, id: crypto.randomUUID(), userId: user.id, createdAt: Date.now() };
  if (action.subject) {
    for (const older of await queuedActions()) if (older.subject === action.subject) await removeAction(older.id);
  }
  await putAction(queued);
  changed();
  if (!navigator.onLine) {
    void askForSync();
    return { sent: false };
  }
  try {
    const answer = await send<T>(queued, onProgress);
    if (answer === REPLACED) return { sent: false };
    await removeAction(queued.id);
    changed();
    return { sent: true, answer };
  } catch (err) {
    if (refused(err)) {
      await removeAction(queued.id);
      changed();
      throw err;
    }
    void askForSync();
    return { sent: false };
  }
}

let flushing: Promise<number> | null = null;

/**
 * Sends the waiting actions, oldest first, each with the key it was queued with, so an action
 * whose answer was lost is not done twice. Stops at the first that cannot reach the server. One
 * flush at a time per page; another tab's flush is made harmless by the keys. Returns how many
 * were sent.
 */
export function flushQueue(): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    try {
      for (const a of await queuedActions()) {
        if (a.failed) continue;
        try {
          if ((await send(a)) === REPLACED) continue;
        } catch (err) {
          if (!refused(err)) break;
          const body = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
          await putAction({ ...a, failed: { status: isAxiosError(err) ? (err.response?.status ?? 0) : 0, message: body?.message ?? '', messageKey: body?.message_key } });
          changed();
          continue;
        }
        await removeAction(a.id);
        sent += 1;
        changed();
        sentListeners.forEach((l) => l(a));
      }
    } finally {
      flushing = null;
    }
    return sent;
  })();
  return flushing;
}

/** The station has read a failed action's message and lets it go. */
export async function dismissAction(id: string) {
  await removeAction(id);
  changed();
}
