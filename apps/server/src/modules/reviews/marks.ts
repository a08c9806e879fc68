import { notInArray, and, desc, eq, inArray } from 'drizzle-orm';
import { osloDay, type DesignReviewMark } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { fileReviews, promotionSurfaceDesigns, reviewStages } from '../../db/schema';
import { milestonesOf } from '../promotions/milestones';
import { stageDueOn } from './flow';

/** Where each design waits (decision 040): the stage of its newest version in review, its day and whether that has passed. */
export async function reviewMarks(db: DbOrTx, psdIds: number[], today = osloDay(new Date())): Promise<Map<number, DesignReviewMark>> {
  const marks = new Map<number, DesignReviewMark>();
  if (!psdIds.length) return marks;
  const rows = await db
    .select({
      psd_id: fileReviews.psd_id,
      promotion_id: promotionSurfaceDesigns.promotion_id,
      type_file: fileReviews.type_file,
      stage: reviewStages.name,
      due_milestone: reviewStages.due_milestone,
      due_offset_days: reviewStages.due_offset_days,
    })
    .from(fileReviews)
    .innerJoin(reviewStages, eq(reviewStages.id, fileReviews.stage_id))
    .innerJoin(promotionSurfaceDesigns, eq(promotionSurfaceDesigns.id, fileReviews.psd_id))
    .where(and(inArray(fileReviews.psd_id, psdIds), eq(fileReviews.state, 'open'), notInArray(promotionSurfaceDesigns.status, ['Completed', 'Cancelled'])))
    .orderBy(desc(fileReviews.created_at), desc(fileReviews.message_id));
  const schedules = await milestonesOf(db, [...new Set(rows.map((r) => r.promotion_id))]);
  for (const r of rows) {
    if (marks.has(r.psd_id)) continue;
    const due_on = stageDueOn(r, schedules.get(r.promotion_id));
    marks.set(r.psd_id, { type_file: r.type_file as DesignReviewMark['type_file'], stage: r.stage, due_on, overdue: due_on !== null && due_on < today });
  }
  return marks;
}
