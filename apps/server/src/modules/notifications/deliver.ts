import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_EVENT, type NotificationRow } from '@promo/shared';

export interface StoredNotification {
  user_id: number;
  row: NotificationRow;
}

// notify() runs deep inside a service's transaction; this carries what it stored back to the
// route, which alone knows when the transaction has committed.
const stored = new AsyncLocalStorage<StoredNotification[]>();

/** Called by notify(): what it stored goes out once deliverNotifications' work has succeeded. */
export function noteStored(list: StoredNotification[]) {
  stored.getStore()?.push(...list);
}

/**
 * Runs `work`, which stores notifications with notify() in its transaction; once it has
 * succeeded (committed), mails them, pushes each to its recipient's channel and starts the Web
 * Push sender for what queuePush() stored. A failed work sends nothing: its notifications were
 * rolled back.
 */
export async function deliverNotifications<T>(app: FastifyInstance, work: () => Promise<T>): Promise<T> {
  const created: StoredNotification[] = [];
  const result = await stored.run(created, work);
  void app.mailer.flush();
  void app.push.sender.flush();
  for (const n of created) app.realtime.publish([n.user_id], NOTIFICATION_EVENT, n.row);
  return result;
}
