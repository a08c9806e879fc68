import { and, eq, inArray } from 'drizzle-orm';
import {
  deadlineState,
  MILESTONES,
  milestonesDone,
  milestonesFor,
  milestoneTracked,
  osloDay,
  type Milestone,
  type PromotionMilestonesBody,
  type PromotionMilestonesData,
} from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { promotionMilestones, promotions } from '../../db/schema';
import { WRITE_LOCK } from '../../db/write-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { invalid, notFound } from '../../lib/errors';
import { milestoneDays, milestonesOf, progressOf } from './milestones';

/** The promotion's milestones with their defaults and whether each step is done (decision 018). */
export async function getMilestones(db: DbOrTx, id: number, today = osloDay(new Date())): Promise<PromotionMilestonesData> {
  const [promotion] = await db.select({ id: promotions.id, from: promotions.period_from }).from(promotions).where(eq(promotions.id, id));
  if (!promotion) throw notFound();
  const [days, lists, progress] = await Promise.all([milestoneDays(db), milestonesOf(db, [id]), progressOf(db, [id])]);
  const defaults = milestonesFor(promotion.from, days);
  const done = milestonesDone(progress.get(id)!);
  const schedule = lists.get(id)!;
  return {
    promotion_id: id,
    milestones: schedule.milestones.map((m, i) => ({
      ...m,
      default_on: defaults[i]!.due_on,
      done: done[m.milestone],
      state: done[m.milestone] || !milestoneTracked(schedule, m, today) ? null : deadlineState(m.due_on, today),
    })),
  };
}

/**
 * Moves milestones of one promotion: a day per milestone sent ('' or its default day: back to the
 * default). The days must keep the milestones' order (brief first, delivered last); a refusal
 * names the milestone sent that breaks it and changes nothing.
 */
export async function updateMilestones(db: Db, auth: AuthContext, id: number, body: PromotionMilestonesBody): Promise<PromotionMilestonesData> {
  return db.transaction(async (tx) => {
    const [promotion] = await tx.select({ id: promotions.id, from: promotions.period_from }).from(promotions).where(eq(promotions.id, id)).for(WRITE_LOCK);
    if (!promotion) throw notFound();
    const days = await milestoneDays(tx);
    const defaults = milestonesFor(promotion.from, days);
    const stored = await tx.select().from(promotionMilestones).where(eq(promotionMilestones.promotion_id, id));
    const before = Object.fromEntries(stored.map((r) => [r.milestone, r.due_on])) as Partial<Record<Milestone, string>>;
    const after: Partial<Record<Milestone, string>> = { ...before };
    for (const m of MILESTONES) {
      const sent = body[m];
      if (sent === undefined) continue;
      const defaultOn = defaults.find((d) => d.milestone === m)!.due_on;
      if (sent === null || sent === defaultOn) delete after[m];
      else after[m] = sent;
    }
    const resulting = milestonesFor(promotion.from, days, after);
    for (let i = 1; i < resulting.length; i++) {
      const [earlier, later] = [resulting[i - 1]!.milestone, resulting[i]!.milestone];
      if (resulting[i]!.due_on >= resulting[i - 1]!.due_on) continue;
      // The error goes to the day that was sent: the one the user has just moved.
      const moved = body[earlier] !== undefined && body[later] === undefined ? earlier : later;
      throw invalid({ [moved]: ['milestone_order'] });
    }
    const changed = MILESTONES.filter((m) => before[m] !== after[m]);
    if (!changed.length) return getMilestones(tx, id);
    const removed = changed.filter((m) => after[m] === undefined);
    if (removed.length) await tx.delete(promotionMilestones).where(and(eq(promotionMilestones.promotion_id, id), inArray(promotionMilestones.milestone, removed)));
    for (const m of changed.filter((x) => after[x] !== undefined)) {
      await tx
        .insert(promotionMilestones)
        .values({ promotion_id: id, milestone: m, due_on: after[m]!, set_by_id: auth.user.id })
        .onConflictDoUpdate({
          target: [promotionMilestones.promotion_id, promotionMilestones.milestone],
          set: { due_on: after[m]!, set_by_id: auth.user.id, updated_at: new Date() },
        });
    }
    const pick = (o: Partial<Record<Milestone, string>>) => Object.fromEntries(changed.map((m) => [m, o[m] ?? null]));
    await writeAudit(tx, auth, { action: 'update_milestones', entity: 'promotions', entityId: id, before: pick(before), after: pick(after) });
    return getMilestones(tx, id);
  });
}
