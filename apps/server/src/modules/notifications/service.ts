import { and, desc, eq, inArray, isNull, count } from 'drizzle-orm';
import type { NotificationKind, NotificationRow } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { noteStored } from './deliver';

/** Subjects for the e-mail, in both languages of the product. */
const SUBJECTS: Record<NotificationKind, (name: string) => string> = {
  notify_admin: (n) => `Kampanje klar for design / Promotion ready for design: ${n}`,
  sent_to_printers: (n) => `Kampanje sendt til trykk / Promotion sent to printers: ${n}`,
  printed: (n) => `Trykket og sendt til distributør / Printed and sent to the distributor: ${n}`,
  distributed: (n) => `Sendt til stasjonene / Sent to the stations: ${n}`,
  receipt_problem: (n) => `En stasjon melder mangler eller skade / A station reports a problem with its parcel: ${n}`,
  sketch_approved: (n) => `Skissen er godkjent / Sketch approved: ${n}`,
  review_stage_open: (n) => `Venter på din godkjenning / Waiting for your review: ${n}`,
  review_changes_requested: (n) => `Endringer ønsket / Changes requested: ${n}`,
  file_approved: (n) => `Filen er godkjent / File approved: ${n}`,
};

/**
 * Stores one notification per recipient, inside the caller's transaction; the route's
 * deliverNotifications mails and pushes them after commit.
 */
export async function notify(
  tx: DbOrTx,
  userIds: (number | null | undefined)[],
  n: { kind: NotificationKind; promotion_id: number; promotion_name: string; link: string },
) {
  const recipients = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
  if (!recipients.length) return;
  const rows = await tx
    .insert(notifications)
    .values(recipients.map((user_id) => ({ user_id, kind: n.kind, promotion_id: n.promotion_id, title: SUBJECTS[n.kind](n.promotion_name), body: n.promotion_name, link: n.link })))
    .returning();
  noteStored(rows.map((r) => ({ user_id: r.user_id, row: toRow(r) })));
}

const toRow = (r: typeof notifications.$inferSelect): NotificationRow => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  promotion_id: r.promotion_id,
  promotion_name: r.body,
  link: r.link,
  read: r.read_at !== null,
  created_at: r.created_at.toISOString(),
});

export async function listNotifications(db: Db, userId: number): Promise<{ notifications: NotificationRow[]; unread: number }> {
  const [rows, [unread]] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.user_id, userId)).orderBy(desc(notifications.created_at), desc(notifications.id)).limit(30),
    db.select({ n: count() }).from(notifications).where(and(eq(notifications.user_id, userId), isNull(notifications.read_at))),
  ]);
  return {
    notifications: rows.map(toRow),
    unread: Number(unread!.n),
  };
}

export async function markNotificationsRead(db: Db, userId: number, ids: number[] | 'all') {
  await db
    .update(notifications)
    .set({ read_at: new Date() })
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at), ids === 'all' ? undefined : inArray(notifications.id, ids.length ? ids : [-1])));
}

/** Notifications not mailed yet, with their recipients' addresses. */
export async function unmailed(db: DbOrTx, limit = 100) {
  return db
    .select({ id: notifications.id, title: notifications.title, link: notifications.link, email: users.email, name: users.name })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(and(isNull(notifications.mailed_at), isNull(users.deleted_at)))
    .orderBy(notifications.id)
    .limit(limit);
}

/** Takes a notification for mailing; false when another process has taken it already. */
export async function claimForMail(db: DbOrTx, id: number) {
  const taken = await db
    .update(notifications)
    .set({ mailed_at: new Date() })
    .where(and(eq(notifications.id, id), isNull(notifications.mailed_at)))
    .returning({ id: notifications.id });
  return taken.length > 0;
}

/** Gives a claimed notification back after a failed delivery, for the next attempt. */
export const giveBackForMail = (db: DbOrTx, id: number) => db.update(notifications).set({ mailed_at: null }).where(eq(notifications.id, id));
