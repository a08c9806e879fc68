import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  addDays,
  REVIEWER_ROLES,
  reviewStageInput,
  type Milestone,
  type PromotionSchedule,
  type ReviewerRole,
  type ReviewFlowData,
  type ReviewStage,
  type ReviewStageInput,
  type StageRule,
} from '@promo/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { reviewFlows, reviewStages, reviewStageUsers, systemSettings, users } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { personName } from '../../lib/person-name';

export type StageRow = typeof reviewStages.$inferSelect & { user_ids: number[] };

/** The roles a named reviewer may have: those that manage designs. */
export const NAMED_REVIEWER_ROLES = ['admin', 'cm-admin', 'cm'] as const;

/** A stage's day: its milestone's day for the promotion moved by its offset; null when the promotion has no schedule. */
export function stageDueOn(stage: { due_milestone: string; due_offset_days: number }, schedule: PromotionSchedule | undefined): string | null {
  const m = schedule?.milestones.find((x) => x.milestone === stage.due_milestone);
  return m ? addDays(m.due_on, stage.due_offset_days) : null;
}

/** The stages of a stored default flow; a stored stage that no longer reads as one is left out. */
export function storedStages(flow: unknown): ReviewStageInput[] {
  const parsed = z.array(z.unknown()).safeParse(flow ?? []);
  return (parsed.success ? parsed.data : []).flatMap((s) => {
    const stage = reviewStageInput.safeParse(s);
    return stage.success ? [{ ...stage.data, id: undefined }] : [];
  });
}

/** System settings' default flow. */
export async function defaultStages(db: DbOrTx): Promise<ReviewStageInput[]> {
  const [row] = await db.select({ flow: systemSettings.review_flow }).from(systemSettings).orderBy(asc(systemSettings.id)).limit(1);
  return storedStages(row?.flow);
}

export async function stagesOf(db: DbOrTx, promotionId: number): Promise<StageRow[]> {
  const rows = await db.select().from(reviewStages).where(eq(reviewStages.promotion_id, promotionId)).orderBy(asc(reviewStages.position), asc(reviewStages.id));
  if (!rows.length) return [];
  const named = await db.select().from(reviewStageUsers).where(inArray(reviewStageUsers.stage_id, rows.map((r) => r.id)));
  return rows.map((r) => ({ ...r, user_ids: named.filter((n) => n.stage_id === r.id).map((n) => n.user_id) }));
}

/** Writes the stages of a flow in order; each keeps its id when it has one. */
async function writeStages(tx: DbOrTx, promotionId: number, stages: ReviewStageInput[]) {
  for (const [i, s] of stages.entries()) {
    const values = { name: s.name, rule: s.rule, roles: s.roles, due_milestone: s.due_milestone, due_offset_days: s.due_offset_days, position: i + 1, updated_at: new Date() };
    const [row] = s.id
      ? await tx.update(reviewStages).set(values).where(and(eq(reviewStages.id, s.id), eq(reviewStages.promotion_id, promotionId))).returning({ id: reviewStages.id })
      : await tx.insert(reviewStages).values({ ...values, promotion_id: promotionId }).returning({ id: reviewStages.id });
    if (!row) throw invalid({ [`stages.${i}.id`]: ['unknown_stage'] });
    await tx.delete(reviewStageUsers).where(eq(reviewStageUsers.stage_id, row.id));
    if (s.user_ids.length) await tx.insert(reviewStageUsers).values(s.user_ids.map((user_id) => ({ stage_id: row.id, user_id })));
  }
}

/**
 * The promotion's own flow, made from the default the first time it is needed (decision 040). Two
 * transactions at once: the second waits on the first's row and then finds its stages.
 */
export async function ensureFlow(tx: DbOrTx, promotionId: number): Promise<StageRow[]> {
  const made = await tx.insert(reviewFlows).values({ promotion_id: promotionId }).onConflictDoNothing().returning({ id: reviewFlows.promotion_id });
  if (made.length) {
    const stages = await defaultStages(tx);
    // A named reviewer who has gone since the default was saved is left out.
    const live = new Set(await activeReviewerIds(tx, stages.flatMap((s) => s.user_ids)));
    await writeStages(
      tx,
      promotionId,
      stages.map((s) => ({ ...s, user_ids: s.user_ids.filter((id) => live.has(id)) })),
    );
  }
  return stagesOf(tx, promotionId);
}

async function activeReviewerIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), inArray(users.role, [...NAMED_REVIEWER_ROLES]), eq(users.status, true), isNull(users.deleted_at)));
  return rows.map((r) => r.id);
}

/** Every named reviewer must be an active admin, cm-admin or cm. */
export async function assertReviewers(db: DbOrTx, stages: ReviewStageInput[]) {
  const live = new Set(await activeReviewerIds(db, stages.flatMap((s) => s.user_ids)));
  const errors: Record<string, string[]> = {};
  stages.forEach((s, i) => {
    if (s.user_ids.some((id) => !live.has(id))) errors[`stages.${i}.user_ids`] = ['not_a_reviewer'];
  });
  if (Object.keys(errors).length) throw invalid(errors);
}

/** Replaces the stages of a promotion's flow: kept ones by id, new ones added, the others deleted. Returns the deleted ids. */
export async function replaceStages(tx: DbOrTx, promotionId: number, stages: ReviewStageInput[]): Promise<number[]> {
  const before = await stagesOf(tx, promotionId);
  const kept = new Set(stages.map((s) => s.id).filter((id): id is number => id !== undefined));
  stages.forEach((s, i) => {
    if (s.id !== undefined && !before.some((b) => b.id === s.id)) throw invalid({ [`stages.${i}.id`]: ['unknown_stage'] });
  });
  const gone = before.filter((b) => !kept.has(b.id)).map((b) => b.id);
  if (gone.length) await tx.delete(reviewStages).where(inArray(reviewStages.id, gone));
  await writeStages(tx, promotionId, stages);
  return gone;
}

/** Active users who may be named as reviewers, for the flow editor. */
export async function reviewerCandidates(db: DbOrTx): Promise<ReviewFlowData['candidates']> {
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname, role: users.role })
    .from(users)
    .where(and(inArray(users.role, [...NAMED_REVIEWER_ROLES]), eq(users.status, true), isNull(users.deleted_at)))
    .orderBy(asc(users.name), asc(users.surname), asc(users.id));
  return rows.map((u) => ({ id: u.id, name: personName(u), role: u.role }));
}

/** Stages as the flow's answer lists them, with the named reviewers' names and each stage's day. */
export async function presentStages(
  db: DbOrTx,
  stages: (Omit<StageRow, 'id' | 'promotion_id' | 'created_at' | 'updated_at' | 'position'> & { id: number | null; position: number })[],
  schedule: PromotionSchedule | undefined,
): Promise<ReviewStage[]> {
  const ids = [...new Set(stages.flatMap((s) => s.user_ids))];
  const named = ids.length ? await db.select({ id: users.id, name: users.name, surname: users.surname }).from(users).where(inArray(users.id, ids)) : [];
  const names = new Map(named.map((u) => [u.id, personName(u)]));
  return stages.map((s) => ({
    id: s.id,
    position: s.position,
    name: s.name,
    rule: s.rule as StageRule,
    roles: s.roles.filter((r): r is ReviewerRole => (REVIEWER_ROLES as readonly string[]).includes(r)),
    users: s.user_ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
    due_milestone: s.due_milestone as Milestone,
    due_offset_days: s.due_offset_days,
    due_on: schedule ? stageDueOn(s, schedule) : null,
  }));
}
