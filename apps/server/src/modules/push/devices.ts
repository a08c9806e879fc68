import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { PushDevice, PushLanguage, pushSubscriptionBody } from '@promo/shared';
import type { Db } from '../../db/client';
import { pushMessages, pushSubscriptions } from '../../db/schema';
import { holdLock } from '../../lib/advisory-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { checkPushEndpoint, type Lookup } from './endpoint-check';
import { queueToDevices } from './outbox';

type Subscription = typeof pushSubscriptions.$inferSelect;

const toDevice = (s: Subscription): PushDevice => ({
  id: s.id,
  service: new URL(s.endpoint).host,
  user_agent: s.user_agent,
  language: s.language as PushLanguage,
  enabled: s.enabled,
  created_at: s.created_at.toISOString(),
  last_sent_at: s.last_sent_at?.toISOString() ?? null,
});

/** A P-256 public key as the browser gives it (uncompressed point, 65 bytes) and a 16-byte auth secret. */
function assertKeys(keys: { p256dh: string; auth: string }) {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4) throw invalidField('keys.p256dh', 'push_key_invalid');
  if (Buffer.from(keys.auth, 'base64url').length !== 16) throw invalidField('keys.auth', 'push_key_invalid');
}

/**
 * Stores the caller's subscription for this device. The same endpoint again updates it; an
 * endpoint another user had (the browser changed hands) becomes the caller's, without the
 * other user's unsent pushes.
 */
export async function subscribe(
  db: Db,
  auth: AuthContext,
  body: z.output<typeof pushSubscriptionBody>,
  userAgent: string,
  check: { allowedOrigins: readonly string[]; lookup: Lookup },
): Promise<PushDevice> {
  const checked = await checkPushEndpoint(body.endpoint, check);
  if (!checked.ok) throw invalidField('endpoint', checked.refusal);
  assertKeys(body.keys);
  const values = { p256dh: body.keys.p256dh, auth: body.keys.auth, language: body.language, user_agent: userAgent.slice(0, 300), enabled: true };
  return db.transaction(async (tx) => {
    // Per endpoint, not its row: two registrations of a device not stored yet would both insert,
    // and the second's conflict update would leave the device the first user's.
    await holdLock(tx, 'push-endpoint', checked.url);
    const [before] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, checked.url)).for('update');
    if (before && before.user_id !== auth.user.id) await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, before.id));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ user_id: auth.user.id, endpoint: checked.url, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, updated_at: new Date() } })
      .returning();
    await writeAudit(tx, auth, {
      action: before?.user_id === auth.user.id ? 'update_push_subscription' : 'create_push_subscription',
      entity: 'push_subscriptions',
      entityId: row!.id,
      after: { service: new URL(checked.url).host, language: body.language },
    });
    return toDevice(row!);
  });
}

export async function listDevices(db: Db, userId: number): Promise<PushDevice[]> {
  const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, userId)).orderBy(asc(pushSubscriptions.id));
  return rows.map(toDevice);
}

const own = (auth: AuthContext, id: number) => and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.user_id, auth.user.id));

/** Off: nothing more is queued for the device, and what waits is dropped rather than sent late. */
export async function setEnabled(db: Db, auth: AuthContext, id: number, enabled: boolean): Promise<PushDevice> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(pushSubscriptions).set({ enabled, updated_at: new Date() }).where(own(auth, id)).returning();
    if (!row) throw notFound();
    if (!enabled) await tx.delete(pushMessages).where(and(eq(pushMessages.subscription_id, id), isNull(pushMessages.sent_at)));
    await writeAudit(tx, auth, { action: 'set_push_enabled', entity: 'push_subscriptions', entityId: id, after: { enabled } });
    return toDevice(row);
  });
}

export async function removeDevice(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(pushSubscriptions).where(own(auth, id)).returning();
    if (!row) throw notFound();
    await writeAudit(tx, auth, { action: 'delete_push_subscription', entity: 'push_subscriptions', entityId: id, before: { service: new URL(row.endpoint).host } });
  });
}

/** Queues a test push to one of the caller's devices; the caller starts the sender. */
export async function queueTestPush(db: Db, auth: AuthContext, id: number): Promise<void> {
  const [row] = await db.select().from(pushSubscriptions).where(own(auth, id));
  if (!row) throw notFound();
  if (!row.enabled) throw new AppError(409, 'Pushes are turned off on this device', 'push_device_disabled');
  await queueToDevices(db, [row], { kind: 'test', facts: {}, link: '/' });
}
