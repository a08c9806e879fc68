import { and, count, eq, gte, ilike, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import {
  osloDay,
  periodInOrder,
  PROMOTION_STATUS_NAMES,
  withStored,
  type PromotionUpdateBody,
  type PromotionBody,
  type PromotionCreatedData,
  type PromotionData,
  type PromotionRow,
  type PromotionsListData,
  type PromotionsListQuery,
} from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { printReports, promotionEvents, promotions, promotionSurfaceDesigns, systemSettings, users } from '../../db/schema';
import { WRITE_LOCK } from '../../db/write-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { invalidField, notFound } from '../../lib/errors';
import { urlImagesFor } from '../../lib/images';
import { allQueries } from '../../lib/queries';
import { containsPattern, orderBy } from '../../lib/sql-helpers';
import type { Storage } from '../../lib/storage';
import { deleteFiles } from '../../lib/uploads';
import { sanitizeRichText } from '../../lib/rich-text';
import { notify } from '../notifications/service';
import { psdFileIds } from '../promotion-design/psd-files';
import { recordEvent } from './events';
import { deadlinesOf, passedMilestones } from './milestones';

const sortColumns = {
  name: promotions.name,
  created_at: promotions.created_at,
  period: promotions.period_from,
  status: promotions.status,
} as const;


type Joined = { promotion: typeof promotions.$inferSelect; creator_name: string | null; sent_at: Date | null };

export async function toRows(db: DbOrTx, rows: Joined[]): Promise<PromotionRow[]> {
  const [images, deadlines] = await allQueries(
    db,
    () => urlImagesFor(db, rows.map((r) => r.promotion.image_id)),
    () => deadlinesOf(db, rows.map((r) => r.promotion.id)),
  );
  return rows.map(({ promotion: p, creator_name, sent_at }) => {
    const url_images = p.image_id ? (images.get(p.image_id) ?? null) : null;
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      img_url: url_images?.original ?? null,
      url_images,
      status: p.status,
      show_in_user_promotions: p.show_in_user_promotions,
      period: { from: p.period_from, to: p.period_to },
      created_at: p.created_at.toISOString(),
      notify_admin: p.notify_admin,
      manager_id: p.manager_id,
      who_created_id: p.who_created_id,
      who_created: p.who_created_id && creator_name !== null ? { id: p.who_created_id, name: creator_name } : null,
      sent_to_printers_at: sent_at?.toISOString() ?? null,
      deadline: deadlines.get(p.id) ?? null,
    };
  });
}

const selectJoined = (db: DbOrTx) =>
  db
    .select({ promotion: promotions, creator_name: users.name, sent_at: printReports.created_at })
    .from(promotions)
    .leftJoin(users, eq(users.id, promotions.who_created_id))
    .leftJoin(printReports, eq(printReports.promotion_id, promotions.id));

/**
 * The promotion list. Only active: the period has not ended, i.e. its last day is today or later in
 * Oslo. The date range (Oslo days, both included) keeps promotions whose period overlaps it.
 */
export async function listPromotions(db: Db, q: PromotionsListQuery, scope?: SQL): Promise<PromotionsListData> {
  const { input_value, only_active, date_picker } = q.obj_search;
  const conditions: (SQL | undefined)[] = [
    scope,
    input_value ? ilike(promotions.name, containsPattern(input_value)) : undefined,
    only_active ? gte(promotions.period_to, osloDay(new Date())) : undefined,
    date_picker.from ? gte(promotions.period_to, date_picker.from) : undefined,
    date_picker.to ? lte(promotions.period_from, date_picker.to) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectJoined(db)
      .where(where)
      .orderBy(...orderBy(sortColumns[q.sort_by], q.sort_count, promotions.id))
      .limit(q.count_show)
      .offset(q.start_index),
    db.select({ n: count() }).from(promotions).where(where),
  ]);
  return { promotions: await toRows(db, rows), total: Number(total!.n), config_promotion_status: [...PROMOTION_STATUS_NAMES] };
}

export async function getPromotion(db: DbOrTx, id: number): Promise<PromotionData | null> {
  const rows = await selectJoined(db).where(eq(promotions.id, id));
  if (!rows[0]) return null;
  const events = await db
    .select({ event: promotionEvents.event, at: promotionEvents.created_at })
    .from(promotionEvents)
    .where(eq(promotionEvents.promotion_id, id))
    .orderBy(promotionEvents.created_at, promotionEvents.id);
  const history: Record<string, string> = {};
  for (const e of events) history[e.event] = e.at.toISOString();
  return { promotion: (await toRows(db, rows))[0]!, history };
}

/** Category managers who can be made responsible for a promotion: cm and cm-admin users. */
export async function responsibleManagers(db: DbOrTx) {
  return db
    .select({ id: users.id, name: users.name, surname: users.surname, role: users.role })
    .from(users)
    .where(and(inArray(users.role, ['cm', 'cm-admin']), eq(users.status, true), isNull(users.deleted_at)))
    .orderBy(users.name);
}

async function checkManager(db: DbOrTx, managerId: number | null) {
  if (managerId === null) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, managerId), inArray(users.role, ['cm', 'cm-admin']), isNull(users.deleted_at)));
  if (!found.length) throw invalidField('manager_id', 'manager_not_cm');
}

const values = (body: PromotionBody) => ({
  name: body.name,
  // Rich text, kept as the feedback messages are (the same allowlist).
  description: sanitizeRichText(body.description),
  period_from: body.period_from,
  period_to: body.period_to,
  manager_id: body.manager_id,
  show_in_user_promotions: body.show_in_user_promotions,
});

export async function createPromotion(db: Db, auth: AuthContext, body: PromotionBody): Promise<PromotionCreatedData> {
  return db.transaction(async (tx) => {
    await checkManager(tx, body.manager_id);
    const [row] = await tx
      .insert(promotions)
      .values({ ...values(body), status: 0, who_created_id: auth.user.id })
      .returning({ id: promotions.id });
    await recordEvent(tx, row!.id, 'created', auth.user.id);
    const created = (await getPromotion(tx, row!.id))!;
    await writeAudit(tx, auth, { action: 'create', entity: 'promotions', entityId: row!.id, after: created.promotion });
    return { ...created, passed_milestones: await passedMilestones(tx, row!.id) };
  });
}

export async function updatePromotion(db: Db, auth: AuthContext, id: number, sent: PromotionUpdateBody) {
  return db.transaction(async (tx) => {
    const before = await getPromotion(tx, id);
    if (!before) throw notFound();
    const [stored] = await tx.select().from(promotions).where(eq(promotions.id, id)).for(WRITE_LOCK);
    const body = withStored<PromotionBody>(stored!, sent);
    if (!periodInOrder(body)) throw invalidField('period_to', 'period_valid_dates');
    if (sent.manager_id !== undefined) await checkManager(tx, body.manager_id);
    await tx.update(promotions).set(values(body)).where(eq(promotions.id, id));
    const after = (await getPromotion(tx, id))!;
    await writeAudit(tx, auth, { action: 'update', entity: 'promotions', entityId: id, before: before.promotion, after: after.promotion });
    return after;
  });
}

export async function deletePromotion(db: Db, storage: Storage, auth: AuthContext, id: number) {
  let removeBytes = async () => {};
  await db.transaction(async (tx) => {
    const before = await getPromotion(tx, id);
    if (!before) throw notFound();
    const psds = await tx.select({ id: promotionSurfaceDesigns.id }).from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.promotion_id, id));
    const designFiles = await psdFileIds(tx, psds.map((p) => p.id));
    const [row] = await tx.delete(promotions).where(eq(promotions.id, id)).returning({ image_id: promotions.image_id });
    removeBytes = await deleteFiles(tx, storage, [...(row!.image_id ? [row!.image_id] : []), ...designFiles]);
    await writeAudit(tx, auth, { action: 'delete', entity: 'promotions', entityId: id, before: before.promotion });
  });
  await removeBytes();
}

/**
 * Notify admin: allowed once, while notify_admin is empty and the promotion is not sent to the
 * printers. The promotion moves to status 1
 * (Designer working) and both steps go to its history. The update's WHERE makes a second,
 * simultaneous call find nothing to change.
 */
export async function notifyAdmin(db: Db, auth: AuthContext, id: number) {
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, id)).for(WRITE_LOCK);
    if (!exists) throw invalidField('promotion_id', 'not_found');
    // Sent to printers, the design work is over: notifying would move it back to Designer working.
    const [sent] = await tx.select({ id: printReports.id }).from(printReports).where(eq(printReports.promotion_id, id));
    if (sent) throw invalidField('promotion_id', 'already_sent_to_printers');
    const changed = await tx
      .update(promotions)
      .set({ notify_admin: 1, status: 1 })
      .where(and(eq(promotions.id, id), isNull(promotions.notify_admin)))
      .returning({ id: promotions.id, name: promotions.name });
    if (!changed.length) throw invalidField('promotion_id', 'admin_already_notified');
    await recordEvent(tx, id, 'notify_admin', auth.user.id);
    await recordEvent(tx, id, `status_${PROMOTION_STATUS_NAMES[1]}`, auth.user.id);
    const [settings] = await tx.select({ admin_id: systemSettings.admin_id }).from(systemSettings).limit(1);
    await notify(tx, [settings?.admin_id], { kind: 'notify_admin', promotion_id: id, promotion_name: changed[0]!.name, link: `/promotion-settings?prom_id=${id}&action=surfaces` });
    await writeAudit(tx, auth, { action: 'notify_admin', entity: 'promotions', entityId: id });
    return (await getPromotion(tx, id))!;
  });
}


