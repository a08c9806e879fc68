import { inArray } from 'drizzle-orm';
import { DEFAULT_MILESTONE_DAYS, milestonesFor, type Milestone, type MilestoneDays, type MilestoneDue } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { promotionMilestones, promotions, systemSettings } from '../../db/schema';

/** The days before a period's first day of each milestone: system settings', else the defaults. */
export async function milestoneDays(db: DbOrTx): Promise<MilestoneDays> {
  const [row] = await db.select({ days: systemSettings.milestone_days }).from(systemSettings).limit(1);
  return { ...DEFAULT_MILESTONE_DAYS, ...((row?.days as Partial<MilestoneDays> | undefined) ?? {}) };
}

/** The milestones of each promotion (decision 018): its period's defaults with its moved days. */
export async function milestonesOf(db: DbOrTx, promotionIds: number[]): Promise<Map<number, MilestoneDue[]>> {
  const result = new Map<number, MilestoneDue[]>();
  if (!promotionIds.length) return result;
  const [days, periods, moved] = await Promise.all([
    milestoneDays(db),
    db.select({ id: promotions.id, from: promotions.period_from }).from(promotions).where(inArray(promotions.id, promotionIds)),
    db.select().from(promotionMilestones).where(inArray(promotionMilestones.promotion_id, promotionIds)),
  ]);
  for (const p of periods) {
    const own = Object.fromEntries(moved.filter((m) => m.promotion_id === p.id).map((m) => [m.milestone as Milestone, m.due_on]));
    result.set(p.id, milestonesFor(p.from, days, own));
  }
  return result;
}
