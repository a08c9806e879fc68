import { notInArray, and, asc, eq, notExists, or, sql } from 'drizzle-orm';
import type { Milestone, Role } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { categories, designs, fileReviews, promotions, promotionSurfaceDesigns, reviewDecisions, reviewStages, reviewStageUsers, surfaces } from '../../db/schema';
import { milestonesOf } from '../promotions/milestones';
import { stageDueOn } from './flow';
import { fileTypeNameSql } from './type-names';

export interface VersionToReview {
  promotion: { id: number; name: string };
  subject: string;
  psd_id: number;
  surface_id: number;
  due: { milestone: Milestone; due_on: string } | null;
}

/**
 * The versions waiting in a stage the user reviews and has not approved (decision 040), the same
 * rule as reviewersOf in SQL: named in the stage (a cm only in its own categories), or of a role the
 * stage names (a cm as the manager of the design's category).
 */
export async function versionsToReview(db: DbOrTx, me: { id: number; role: Role }): Promise<VersionToReview[]> {
  if (me.role !== 'admin' && me.role !== 'cm-admin' && me.role !== 'cm') return [];
  const managesCategory = eq(categories.manager_id, me.id);
  const named = sql`exists (select 1 from ${reviewStageUsers} where ${reviewStageUsers.stage_id} = ${reviewStages.id} and ${reviewStageUsers.user_id} = ${me.id})`;
  const byRole =
    me.role === 'cm' ? and(sql`'category_manager' = any(${reviewStages.roles})`, managesCategory) : sql`${me.role} = any(${reviewStages.roles})`;
  const rows = await db
    .select({
      psd_id: promotionSurfaceDesigns.id,
      surface_id: promotionSurfaceDesigns.surface_id,
      promotion_id: promotions.id,
      promotion_name: promotions.name,
      subject: sql<string>`${designs.name} || ' · ' || ${surfaces.name} || ' · ' || ${fileTypeNameSql(fileReviews.type_file)} || ' · ' || ${reviewStages.name}`,
      due_milestone: reviewStages.due_milestone,
      due_offset_days: reviewStages.due_offset_days,
    })
    .from(fileReviews)
    .innerJoin(reviewStages, eq(reviewStages.id, fileReviews.stage_id))
    .innerJoin(promotionSurfaceDesigns, eq(promotionSurfaceDesigns.id, fileReviews.psd_id))
    .innerJoin(promotions, eq(promotions.id, promotionSurfaceDesigns.promotion_id))
    .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
    .innerJoin(categories, eq(categories.id, designs.category_id))
    .innerJoin(surfaces, eq(surfaces.id, promotionSurfaceDesigns.surface_id))
    .where(
      and(
        eq(fileReviews.state, 'open'),
        notInArray(promotionSurfaceDesigns.status, ['Completed', 'Cancelled']),
        or(me.role === 'cm' ? and(named, managesCategory) : named, byRole),
        notExists(
          sql`(select 1 from ${reviewDecisions} where ${reviewDecisions.message_id} = ${fileReviews.message_id} and ${reviewDecisions.stage_id} = ${reviewStages.id} and ${reviewDecisions.reviewer_id} = ${me.id} and ${reviewDecisions.decision} = 'approve')`,
        ),
      ),
    )
    .orderBy(asc(promotions.id), asc(promotionSurfaceDesigns.id), asc(fileReviews.message_id));
  const lists = await milestonesOf(db, [...new Set(rows.map((r) => r.promotion_id))]);
  return rows.map((r) => {
    const due_on = stageDueOn(r, lists.get(r.promotion_id));
    return {
      promotion: { id: r.promotion_id, name: r.promotion_name },
      subject: r.subject,
      psd_id: r.psd_id,
      surface_id: r.surface_id,
      due: due_on ? { milestone: r.due_milestone as Milestone, due_on } : null,
    };
  });
}
