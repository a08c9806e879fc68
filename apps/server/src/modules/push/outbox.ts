import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PushLanguage } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { pushMessages, pushSubscriptions, users } from '../../db/schema';
import { pushText, type PushFacts, type PushKind } from './texts';

export interface QueuedPush {
  kind: PushKind;
  facts: PushFacts;
  /** The web app's path a tap opens. */
  link: string;
  /** A reminder's key: one push per device for it, however often the check runs. */
  dedupeKey?: string;
}

/**
 * Queues a push to every enabled device of the users, in each device's language, inside the
 * caller's transaction (decision 022). Nothing is sent here: the route's deliverNotifications
 * starts the sender after the commit, and the periodic flush catches what a crash left.
 */
export async function queuePush(tx: DbOrTx, userIds: (number | null | undefined)[], push: QueuedPush): Promise<number> {
  const recipients = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
  if (!recipients.length) return 0;
  const devices = await tx
    .select({ id: pushSubscriptions.id, language: pushSubscriptions.language })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.user_id))
    .where(and(inArray(pushSubscriptions.user_id, recipients), eq(pushSubscriptions.enabled, true), eq(users.status, true), isNull(users.deleted_at)));
  return queueToDevices(tx, devices, push);
}

/** Queues a push to the given devices (a test push, or the devices a caller already chose). */
export async function queueToDevices(tx: DbOrTx, devices: { id: number; language: string }[], push: QueuedPush): Promise<number> {
  if (!devices.length) return 0;
  const rows = await tx
    .insert(pushMessages)
    .values(
      devices.map((d) => ({
        subscription_id: d.id,
        kind: push.kind,
        ...pushText(push.kind, d.language as PushLanguage, push.facts),
        link: push.link,
        dedupe_key: push.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: pushMessages.id });
  return rows.length;
}
