import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { isRatedStatus, statusAfterRating, type DesignStatusEventPayload, type NotificationKind, type PsdStatus, type ReviewDecisionKind } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { fileReviews, filePins, promotionSurfaceDesigns, reviewDecisionPins, reviewDecisions } from '../../db/schema';
import { invalidField } from '../../lib/errors';
import { notify } from '../notifications/service';
import type { PsdRow } from '../promotion-design/psd-access';
import { recordStatusChange } from '../promotion-design/status-history';
import { designFacts } from '../push/design-pushes';
import { queuePush } from '../push/outbox';
import type { PushKind } from '../push/texts';
import { ensureFlow, type StageRow } from './flow';
import { reviewersOf, stageMet } from './reviewers';
import { fileTypeName } from './type-names';

export type ReviewRow = typeof fileReviews.$inferSelect;

/** What a change in the flow did, to announce once committed. */
export interface ReviewOutcome {
  status: DesignStatusEventPayload | null;
}

/**
 * Moves the design as the flow says (decision 040, the table of decision 030): a version approved
 * by the last stage makes it Approved, a change request makes it Correction; Completed and
 * Cancelled stay. The caller holds the design's row for update.
 */
async function moveStatus(tx: DbOrTx, psd: PsdRow, to: 'Approved' | 'Correction', actorId: number | null, outcome: ReviewOutcome) {
  const next = statusAfterRating(to === 'Approved' ? 3 : 2, psd.status as PsdStatus);
  if (!next) return;
  const updated_at = new Date();
  await tx.update(promotionSurfaceDesigns).set({ status: next, updated_at }).where(eq(promotionSurfaceDesigns.id, psd.id));
  await recordStatusChange(tx, { psdId: psd.id, from: psd.status, to: next, cause: 'review', actorId, at: updated_at });
  psd.status = next;
  outcome.status = { promotion_surface_design_id: psd.id, promotion_id: psd.promotion_id, status: next, updated_at: updated_at.toISOString() };
}

/** A notification (bell and mail) and, for the kinds that have one, a push to each device. */
async function tell(
  tx: DbOrTx,
  psdId: number,
  who: (d: NonNullable<Awaited<ReturnType<typeof designFacts>>>) => (number | null)[],
  kind: NotificationKind,
  what: string,
  push?: PushKind,
) {
  const d = await designFacts(tx, psdId);
  if (!d) return;
  await notify(tx, who(d), { kind, promotion_id: d.promotion_id, promotion_name: `${d.promotion}: ${d.subject} · ${what}`, link: d.link });
  if (push) await queuePush(tx, who(d), { kind: push, facts: { promotion: d.promotion, subject: `${d.subject} · ${what}` }, link: d.link });
}

const notifyStageOpen = async (tx: DbOrTx, psd: PsdRow, stage: StageRow, typeFile: string) => {
  const reviewers = await reviewersOf(tx, stage, psd.category_id);
  await tell(tx, psd.id, () => reviewers.map((r) => r.id), 'review_stage_open', `${fileTypeName(typeFile)} · ${stage.name}`, 'review_to_decide');
};

/** The approvals (by reviewer) and whether a skip closed the stage, for one version in one stage. */
async function stageDecisions(tx: DbOrTx, messageId: number, stageId: number) {
  const rows = await tx
    .select({ reviewer_id: reviewDecisions.reviewer_id, decision: reviewDecisions.decision })
    .from(reviewDecisions)
    .where(and(eq(reviewDecisions.message_id, messageId), eq(reviewDecisions.stage_id, stageId)));
  return {
    approvedBy: new Set(rows.filter((r) => r.decision === 'approve' && r.reviewer_id !== null).map((r) => r.reviewer_id!)),
    changes: rows.filter((r) => r.decision === 'changes').length,
    skipped: rows.some((r) => r.decision === 'skip'),
  };
}

/**
 * Opens the next stage while the open one's rule is met (a stage met already, after a flow was
 * changed, passes at once); past the last stage the version is approved. The caller holds the
 * design's and the review's rows.
 */
export async function settle(tx: DbOrTx, psd: PsdRow, review: ReviewRow, stages: StageRow[], actorId: number | null, outcome: ReviewOutcome) {
  while (review.state === 'open') {
    const stage = stages.find((s) => s.id === review.stage_id);
    const at = new Date();
    if (stage) {
      const { approvedBy, skipped } = await stageDecisions(tx, review.message_id, stage.id);
      if (!skipped && !stageMet(stage.rule, await reviewersOf(tx, stage, psd.category_id), approvedBy)) return;
    }
    const next = stages.find((s) => s.position > (stage?.position ?? Infinity));
    if (next) {
      await tx.update(fileReviews).set({ stage_id: next.id, stage_opened_at: at, updated_at: at }).where(eq(fileReviews.message_id, review.message_id));
      review.stage_id = next.id;
      await notifyStageOpen(tx, psd, next, review.type_file);
      continue;
    }
    await tx.update(fileReviews).set({ state: 'approved', stage_id: null, finished_at: at, updated_at: at }).where(eq(fileReviews.message_id, review.message_id));
    review.state = 'approved';
    review.stage_id = null;
    await moveStatus(tx, psd, 'Approved', actorId, outcome);
    await tell(tx, psd.id, (d) => [d.designer_id], review.type_file === 'Sketch' ? 'sketch_approved' : 'file_approved', fileTypeName(review.type_file));
  }
}

/**
 * A new Sketch, HQ or LQ version enters the flow (decision 040): at the stage that asked for changes
 * in the version it replaces, else at the first stage. The earlier version's open review closes.
 * Nothing happens in a promotion whose flow has no stages, nor for a Completed or Cancelled design.
 * The caller holds the design's row.
 */
export async function enterReview(tx: DbOrTx, psd: PsdRow, message: { id: number; type_file: string }): Promise<ReviewRow | null> {
  // A Completed or Cancelled design is past review (decision 030): its files are not reviewed.
  if (!isRatedStatus(psd.status as PsdStatus)) return null;
  const stages = await ensureFlow(tx, psd.promotion_id);
  if (!stages.length) return null;
  const [previous] = await tx
    .select()
    .from(fileReviews)
    .where(and(eq(fileReviews.psd_id, psd.id), eq(fileReviews.type_file, message.type_file), ne(fileReviews.message_id, message.id)))
    .orderBy(desc(fileReviews.created_at), desc(fileReviews.message_id))
    .limit(1);
  const at = new Date();
  await tx
    .update(fileReviews)
    .set({ state: 'replaced', finished_at: at, updated_at: at })
    .where(and(eq(fileReviews.psd_id, psd.id), eq(fileReviews.type_file, message.type_file), inArray(fileReviews.state, ['open', 'changes_requested']), ne(fileReviews.message_id, message.id)));
  const again = previous?.state === 'changes_requested' ? stages.find((s) => s.id === previous.stage_id) : undefined;
  const stage = again ?? stages[0]!;
  const [review] = await tx
    .insert(fileReviews)
    .values({ message_id: message.id, psd_id: psd.id, type_file: message.type_file, stage_id: stage.id, state: 'open', stage_opened_at: at })
    .onConflictDoNothing()
    .returning();
  if (!review) return null;
  await notifyStageOpen(tx, psd, stage, message.type_file);
  return review;
}

/** The review of a version, locked; a version from before the flows enters it now. */
export async function lockedReview(tx: DbOrTx, psd: PsdRow, message: { id: number; type_file: string }) {
  const find = async () => (await tx.select().from(fileReviews).where(eq(fileReviews.message_id, message.id)).for('update'))[0];
  return (await find()) ?? ((await enterReview(tx, psd, message)) ? await find() : undefined);
}

/** The ids of pins (by their numbers on the version) a decision points to; an unknown number is refused. */
async function pinIds(tx: DbOrTx, messageId: number, numbers: number[]): Promise<number[]> {
  if (!numbers.length) return [];
  const rows = await tx.select({ id: filePins.id, number: filePins.number }).from(filePins).where(and(eq(filePins.message_id, messageId), inArray(filePins.number, numbers)));
  if (rows.length !== new Set(numbers).size) throw invalidField('pins', 'unknown_pin');
  return rows.map((r) => r.id);
}

/**
 * Records a reviewer's decision on a version in its stage and moves the flow (decision 040).
 * Approving makes the stage's rule be checked; requesting changes closes the review at this stage,
 * makes the design Correction and tells its designer. A reviewer of the stage that asked for
 * changes may still approve the same version: in an "any" stage that approval completes it, in an
 * "all" stage the version opens again once no change request stands.
 */
export async function recordDecision(
  tx: DbOrTx,
  psd: PsdRow,
  review: ReviewRow,
  stage: StageRow,
  stages: StageRow[],
  d: { reviewerId: number; decidedById: number; decision: ReviewDecisionKind; comment: string; reason: string; pins: number[] },
): Promise<ReviewOutcome> {
  const outcome: ReviewOutcome = { status: null };
  const pins = await pinIds(tx, review.message_id, d.pins);
  await tx.delete(reviewDecisions).where(and(eq(reviewDecisions.message_id, review.message_id), eq(reviewDecisions.stage_id, stage.id), eq(reviewDecisions.reviewer_id, d.reviewerId)));
  const [row] = await tx
    .insert(reviewDecisions)
    .values({
      message_id: review.message_id,
      stage_id: stage.id,
      stage_name: stage.name,
      reviewer_id: d.reviewerId,
      decided_by_id: d.decidedById,
      decision: d.decision,
      comment: d.comment,
      reason: d.reason,
    })
    .returning({ id: reviewDecisions.id });
  if (pins.length) await tx.insert(reviewDecisionPins).values(pins.map((pin_id) => ({ decision_id: row!.id, pin_id })));
  const at = new Date();
  if (d.decision === 'changes') {
    if (review.state === 'open') {
      await tx.update(fileReviews).set({ state: 'changes_requested', finished_at: at, updated_at: at }).where(eq(fileReviews.message_id, review.message_id));
      review.state = 'changes_requested';
    }
    await moveStatus(tx, psd, 'Correction', d.decidedById, outcome);
    await tell(tx, psd.id, (f) => [f.designer_id], 'review_changes_requested', `${fileTypeName(review.type_file)} · ${stage.name}`, 'changes_requested');
    return outcome;
  }
  // One approval is the whole of an "any" stage; in an "all" stage every change request must be taken back first.
  if (review.state === 'changes_requested' && (stage.rule === 'any' || (await stageDecisions(tx, review.message_id, stage.id)).changes === 0)) {
    await tx.update(fileReviews).set({ state: 'open', finished_at: null, stage_opened_at: at, updated_at: at }).where(eq(fileReviews.message_id, review.message_id));
    review.state = 'open';
  }
  await settle(tx, psd, review, stages, d.decidedById, outcome);
  return outcome;
}

/** An admin closes the open stage with a reason (decision 040); the next one opens. */
export async function recordSkip(tx: DbOrTx, psd: PsdRow, review: ReviewRow, stage: StageRow, stages: StageRow[], adminId: number, reason: string): Promise<ReviewOutcome> {
  const outcome: ReviewOutcome = { status: null };
  await tx.insert(reviewDecisions).values({ message_id: review.message_id, stage_id: stage.id, stage_name: stage.name, reviewer_id: null, decided_by_id: adminId, decision: 'skip', reason });
  await settle(tx, psd, review, stages, adminId, outcome);
  return outcome;
}

/** Open and change-requested reviews of a promotion's designs, for re-checking after its flow changed. */
export const reviewsOfPromotion = (tx: DbOrTx, promotionId: number) =>
  tx
    .select({ review: fileReviews })
    .from(fileReviews)
    .innerJoin(promotionSurfaceDesigns, eq(promotionSurfaceDesigns.id, fileReviews.psd_id))
    .where(and(eq(promotionSurfaceDesigns.promotion_id, promotionId), sql`${fileReviews.state} in ('open', 'changes_requested')`))
    .for('update', { of: fileReviews });
