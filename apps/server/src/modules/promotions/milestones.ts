import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_MILESTONE_DAYS,
  milestonesFor,
  nextDeadline,
  osloDay,
  type Milestone,
  type MilestoneDays,
  type PassedMilestone,
  type PromotionDeadline,
  type PromotionProgress,
  type PromotionSchedule,
} from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { printReports, promotionMilestones, promotions, promotionSurfaceDesigns, systemSettings } from '../../db/schema';
import { allQueries } from '../../lib/queries';

/** The days before a period's first day of each milestone: system settings', else the defaults. */
export async function milestoneDays(db: DbOrTx): Promise<MilestoneDays> {
  const [row] = await db.select({ days: systemSettings.milestone_days }).from(systemSettings).limit(1);
  return { ...DEFAULT_MILESTONE_DAYS, ...((row?.days as Partial<MilestoneDays> | undefined) ?? {}) };
}

/**
 * The milestones of each promotion (decision 018): its period's defaults with its moved days, each
 * marked when it had passed on the (Oslo) day the promotion was created, and the period's last day
 * (decision 031).
 */
export async function milestonesOf(db: DbOrTx, promotionIds: number[]): Promise<Map<number, PromotionSchedule>> {
  const result = new Map<number, PromotionSchedule>();
  if (!promotionIds.length) return result;
  const [days, periods, moved] = await allQueries(
    db,
    () => milestoneDays(db),
    () =>
      db
        .select({ id: promotions.id, from: promotions.period_from, to: promotions.period_to, created_at: promotions.created_at })
        .from(promotions)
        .where(inArray(promotions.id, promotionIds)),
    () => db.select().from(promotionMilestones).where(inArray(promotionMilestones.promotion_id, promotionIds)),
  );
  for (const p of periods) {
    const own = Object.fromEntries(moved.filter((m) => m.promotion_id === p.id).map((m) => [m.milestone as Milestone, m.due_on]));
    result.set(p.id, { period_to: p.to, milestones: milestonesFor(p.from, days, own, osloDay(p.created_at)) });
  }
  return result;
}

/** The milestones already past on the day the promotion was created, said once in the create answer (decision 031). */
export async function passedMilestones(db: DbOrTx, promotionId: number): Promise<PassedMilestone[]> {
  const schedule = (await milestonesOf(db, [promotionId])).get(promotionId);
  return (schedule?.milestones ?? []).filter((m) => m.passed_at_creation).map(({ milestone, due_on }) => ({ milestone, due_on }));
}

/** How far each promotion has come: what decides which of its milestones are done (decision 018). */
/** promotions.id written with its table: drizzle leaves the table out in a one-table select, where a subquery would read it as its own id. */
const promotionId = sql.raw('"promotions"."id"');

export async function progressOf(db: DbOrTx, promotionIds: number[]): Promise<Map<number, PromotionProgress>> {
  const result = new Map<number, PromotionProgress>();
  if (!promotionIds.length) return result;
  const rows = await db
    .select({
      id: promotions.id,
      status: promotions.status,
      sent: sql<boolean>`exists (select 1 from ${printReports} where ${printReports.promotion_id} = ${promotionId})`,
      live: sql<number>`(select count(*)::int from ${promotionSurfaceDesigns} where ${promotionSurfaceDesigns.promotion_id} = ${promotionId} and ${promotionSurfaceDesigns.status} <> 'Cancelled')`,
      all: sql<number>`(select count(*)::int from ${promotionSurfaceDesigns} where ${promotionSurfaceDesigns.promotion_id} = ${promotionId})`,
      completed: sql<number>`(select count(*)::int from ${promotionSurfaceDesigns} where ${promotionSurfaceDesigns.promotion_id} = ${promotionId} and ${promotionSurfaceDesigns.status} = 'Completed')`,
      created: sql<number>`(select count(*)::int from ${promotionSurfaceDesigns} where ${promotionSurfaceDesigns.promotion_id} = ${promotionId} and ${promotionSurfaceDesigns.status} = 'Created')`,
    })
    .from(promotions)
    .where(inArray(promotions.id, promotionIds));
  for (const r of rows) {
    result.set(r.id, { status: r.status, sent_to_printers: !!r.sent, briefs_sent: Number(r.live) > 0 && Number(r.created) === 0,
      designs_completed: Number(r.all) > 0 && Number(r.completed) === Number(r.all),
    });
  }
  return result;
}

/** Each promotion's next open milestone as it stands today in Oslo; null when all are done. */
export async function deadlinesOf(db: DbOrTx, promotionIds: number[], today = osloDay(new Date())): Promise<Map<number, PromotionDeadline | null>> {
  const ids = [...new Set(promotionIds)];
  const [lists, progress] = await allQueries(
    db,
    () => milestonesOf(db, ids),
    () => progressOf(db, ids),
  );
  const result = new Map<number, PromotionDeadline | null>();
  for (const id of ids) {
    const list = lists.get(id);
    const p = progress.get(id);
    result.set(id, list && p ? nextDeadline(list, p, today) : null);
  }
  return result;
}

/** A promotion that exists, for the milestones routes. */
export async function promotionPeriod(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: promotions.id, from: promotions.period_from, to: promotions.period_to }).from(promotions).where(and(eq(promotions.id, id)));
  return row ?? null;
}
