import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  can,
  isRatedStatus,
  osloDay,
  type PsdStatus,
  type DesignReviewsData,
  type FileReview,
  type ReviewDecisionBody,
  type ReviewDecisionRow,
  type ReviewFlowData,
  type ReviewStageInput,
  type ReviewStageState,
  type ReviewState,
} from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { chatMessages, designs as designTable, filePins, fileReviews, promotions, promotionSurfaceDesigns, reviewDecisionPins, reviewDecisions, reviewFlows, systemSettings, users } from '../../db/schema';
import { WRITE_LOCK } from '../../db/write-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors';
import { personName } from '../../lib/person-name';
import { visibleChat, type PsdRow } from '../promotion-design/psd-access';
import { milestonesOf } from '../promotions/milestones';
import { assertReviewers, defaultStages, ensureFlow, presentStages, replaceStages, reviewerCandidates, stageDueOn, stagesOf, storedStages, type StageRow } from './flow';
import { lockedReview, recordDecision, recordSkip, reviewsOfPromotion, settle, type ReviewOutcome } from './progress';
import { ratingFollowsDecision } from './rating';
import { reviewersOf } from './reviewers';

const reviewClosed = () => new AppError(409, 'This version is no longer in review', 'review_closed', { message_id: ['review_closed'] });
const stageMoved = () => new AppError(409, 'The version has moved to another stage since it was shown', 'review_stage_moved', { stage_id: ['review_stage_moved'] });
const notAReviewer = () => new AppError(403, 'Not a reviewer of this stage', 'not_a_reviewer');

async function promotionExists(db: DbOrTx, promotionId: number) {
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId));
  if (!row) throw notFound();
}

/** A promotion's flow: its own stages, or the default it would start with (nothing is written by reading). */
export async function getFlow(db: Db, auth: AuthContext, promotionId: number): Promise<ReviewFlowData> {
  await promotionExists(db, promotionId);
  const [[own], schedule] = await Promise.all([
    db.select().from(reviewFlows).where(eq(reviewFlows.promotion_id, promotionId)),
    milestonesOf(db, [promotionId]).then((m) => m.get(promotionId)),
  ]);
  const stages = own ? await stagesOf(db, promotionId) : (await defaultStages(db)).map((s, i) => ({ ...s, id: null, position: i + 1 }));
  const canEdit = can(auth.user.role, 'promotions.edit');
  return { promotion_id: promotionId, stages: await presentStages(db, stages, schedule), candidates: canEdit ? await reviewerCandidates(db) : [], can_edit: canEdit };
}

const stageSummary = (stages: { name: string; rule: string; roles: string[]; user_ids: number[]; due_milestone: string; due_offset_days: number }[]) =>
  stages.map((s) => `${s.name} (${s.rule}; ${[...s.roles, ...s.user_ids.map((id) => `#${id}`)].join(', ')}; ${s.due_milestone}${s.due_offset_days >= 0 ? '+' : ''}${s.due_offset_days})`);

/**
 * Replaces a promotion's flow (decision 040). A version waiting in a stage that goes waits in the
 * stage now at that stage's place (approved when the new flow is shorter); every open version is
 * checked against its stage's new reviewers and rule, so a stage whose remaining reviewers have all
 * approved completes.
 */
export async function saveFlow(db: Db, auth: AuthContext, promotionId: number, stages: ReviewStageInput[]): Promise<{ flow: ReviewFlowData; outcomes: ReviewOutcome[] }> {
  await assertReviewers(db, stages);
  const outcomes = await db.transaction(async (tx) => {
    // One save at a time; the write lock lets inserts that refer to the promotion (a design's first
    // file making its flow, say) go on, so they cannot deadlock with the locks below.
    const [promotion] = await tx.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId)).for(WRITE_LOCK);
    if (!promotion) throw notFound();
    // The designs first, then their reviews: the order a decision takes them in.
    const designs = await tx
      .select({ psd: promotionSurfaceDesigns, category_id: designTable.category_id })
      .from(promotionSurfaceDesigns)
      .innerJoin(designTable, eq(designTable.id, promotionSurfaceDesigns.design_id))
      .where(eq(promotionSurfaceDesigns.promotion_id, promotionId))
      .for(WRITE_LOCK, { of: promotionSurfaceDesigns });
    const before = await ensureFlow(tx, promotionId);
    const reviews = (await reviewsOfPromotion(tx, promotionId)).map((r) => r.review);
    const gone = await replaceStages(tx, promotionId, stages);
    const after = await stagesOf(tx, promotionId);
    // A version in a stage that went waits in the stage now at that place; past the new flow's end it is approved.
    const followerOf = (stageId: number | null) => {
      const old = before.find((s) => s.id === stageId);
      return old ? (after[old.position - 1]?.id ?? null) : null;
    };
    const result: ReviewOutcome[] = [];
    for (const review of reviews) {
      if (review.stage_id !== null && gone.includes(review.stage_id)) {
        review.stage_id = followerOf(review.stage_id);
        await tx.update(fileReviews).set({ stage_id: review.stage_id, stage_opened_at: new Date(), updated_at: new Date() }).where(eq(fileReviews.message_id, review.message_id));
      }
      if (review.state !== 'open') continue;
      const design = designs.find((d) => d.psd.id === review.psd_id);
      if (!design) continue;
      const outcome: ReviewOutcome = { status: null };
      await settle(tx, { ...design.psd, category_id: design.category_id, chat_id: null }, review, after, auth.user.id, outcome);
      result.push(outcome);
    }
    await tx.update(reviewFlows).set({ updated_by_id: auth.user.id, updated_at: new Date() }).where(eq(reviewFlows.promotion_id, promotionId));
    await writeAudit(tx, auth, { action: 'update_review_flow', entity: 'review_flows', entityId: promotionId, before: { stages: stageSummary(before) }, after: { stages: stageSummary(stages) } });
    return result;
  });
  return { flow: await getFlow(db, auth, promotionId), outcomes };
}

export async function getDefaultFlow(db: Db): Promise<ReviewFlowData> {
  const stages = (await defaultStages(db)).map((s, i) => ({ ...s, id: null, position: i + 1 }));
  return { promotion_id: null, stages: await presentStages(db, stages, undefined), candidates: await reviewerCandidates(db), can_edit: true };
}

/** The default flow of system settings: promotions that have their own keep it. */
export async function saveDefaultFlow(db: Db, auth: AuthContext, stages: ReviewStageInput[]): Promise<ReviewFlowData> {
  await assertReviewers(db, stages);
  const stored = stages.map(({ id: _id, ...s }) => s);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(systemSettings).orderBy(asc(systemSettings.id)).limit(1).for('update');
    if (!row) throw notFound();
    await tx.update(systemSettings).set({ review_flow: stored, updated_at: new Date() }).where(eq(systemSettings.id, row.id));
    await writeAudit(tx, auth, {
      action: 'update',
      entity: 'system_settings',
      entityId: row.id,
      before: { review_flow: stageSummary(storedStages(row.review_flow)) },
      after: { review_flow: stageSummary(stored) },
    });
  });
  return getDefaultFlow(db);
}


/** The live Sketch, HQ or LQ file of a chat by its number, with the design, locked for a decision. */
async function versionForDecision(tx: DbOrTx, auth: AuthContext, chatId: number, messageNumber: number) {
  const psd = await visibleChat(tx, auth, chatId, 'update');
  const [message] = await tx
    .select({ id: chatMessages.id, type_file: chatMessages.type_file, delete_message: chatMessages.delete_message, file_id: chatMessages.file_id })
    .from(chatMessages)
    .where(and(eq(chatMessages.chat_id, chatId), eq(chatMessages.message_id, messageNumber)));
  if (!message || message.delete_message) throw reviewClosed();
  if (!message.type_file || message.file_id === null) throw invalidField('message_id', 'not_a_review_file');
  const review = await lockedReview(tx, psd, message);
  if (!review) throw new AppError(409, 'This promotion has no review flow', 'no_review_flow', { message_id: ['no_review_flow'] });
  const stages = await stagesOf(tx, psd.promotion_id);
  const stage = stages.find((s) => s.id === review.stage_id);
  return { psd, message, review, stages, stage };
}

/**
 * A reviewer of the open stage approves or asks for changes (decision 040); an admin may decide for
 * one of its reviewers, with a reason. Only the stage's reviewers decide; a cm outside the design's
 * category does not see it (403 outside_categories).
 */
export async function decide(db: Db, auth: AuthContext, body: ReviewDecisionBody): Promise<{ review: FileReview; outcome: ReviewOutcome; psd: PsdRow; rated: number | null }> {
  if (body.on_behalf_of !== undefined && !can(auth.user.role, 'reviews.override')) throw forbidden();
  const { outcome, psd, rated } = await db.transaction(async (tx) => {
    const { psd, message, review, stages, stage } = await versionForDecision(tx, auth, body.chat_id, body.message_id);
    const reopening = review.state === 'changes_requested';
    if (!stage || (review.state !== 'open' && !reopening) || !isRatedStatus(psd.status as PsdStatus)) throw reviewClosed();
    const reviewers = await reviewersOf(tx, stage, psd.category_id);
    const reviewerId = body.on_behalf_of ?? auth.user.id;
    if (!reviewers.some((r) => r.id === reviewerId)) {
      if (body.on_behalf_of !== undefined) throw invalidField('on_behalf_of', 'not_a_reviewer');
      throw notAReviewer();
    }
    const outcome = await recordDecision(tx, psd, review, stage, stages, {
      reviewerId,
      decidedById: auth.user.id,
      decision: body.decision,
      comment: body.comment,
      reason: body.reason,
      pins: body.pins,
    });
    const rated = (await ratingFollowsDecision(tx, message, body.decision)) ? message.id : null;
    await writeAudit(tx, auth, {
      action: 'review_decide',
      entity: 'file_reviews',
      entityId: message.id,
      after: {
        chat_id: body.chat_id,
        message_id: body.message_id,
        type_file: message.type_file,
        stage: stage.name,
        decision: body.decision,
        reviewer_id: reviewerId,
        ...(body.comment ? { comment: body.comment } : {}),
        ...(body.reason ? { reason: body.reason } : {}),
        ...(body.pins.length ? { pins: body.pins } : {}),
        state: review.state,
        ...(outcome.status ? { status: outcome.status.status } : {}),
      },
    });
    return { outcome, psd, rated };
  });
  return { review: await reviewOfVersion(db, auth, body.chat_id, body.message_id), outcome, psd, rated };
}

/** An admin closes a version's open stage with a reason; the next stage opens. */
export async function skip(db: Db, auth: AuthContext, body: { chat_id: number; message_id: number; reason: string; stage_id?: number }) {
  const { outcome, psd } = await db.transaction(async (tx) => {
    const { psd, message, review, stages, stage } = await versionForDecision(tx, auth, body.chat_id, body.message_id);
    if (!stage || review.state !== 'open' || !isRatedStatus(psd.status as PsdStatus)) throw reviewClosed();
    // Two skips sent at once (or a second tap on a slow line) close the stage the admin saw, not the next.
    if (body.stage_id !== undefined && body.stage_id !== stage.id) throw stageMoved();
    const outcome = await recordSkip(tx, psd, review, stage, stages, auth.user.id, body.reason);
    await writeAudit(tx, auth, {
      action: 'review_skip',
      entity: 'file_reviews',
      entityId: message.id,
      after: { chat_id: body.chat_id, message_id: body.message_id, type_file: message.type_file, stage: stage.name, reason: body.reason, state: review.state, ...(outcome.status ? { status: outcome.status.status } : {}) },
    });
    return { outcome, psd };
  });
  return { review: await reviewOfVersion(db, auth, body.chat_id, body.message_id), outcome, psd };
}

async function reviewOfVersion(db: Db, auth: AuthContext, chatId: number, messageNumber: number): Promise<FileReview> {
  const data = await designReviews(db, auth, chatId, messageNumber);
  return data.reviews[0]!;
}

/** How a version's stages stand: done before the one it waits in (or that asked for changes), waiting after. */
function stageStates(review: typeof fileReviews.$inferSelect, stages: StageRow[], decisions: (ReviewDecisionRow & { stage_id: number | null })[]): ReviewStageState['state'][] {
  const current = stages.find((s) => s.id === review.stage_id);
  return stages.map((s) => {
    const skipped = decisions.some((d) => d.decision === 'skip' && d.stage_id === s.id);
    if (review.state === 'approved' || (current && s.position < current.position)) return skipped ? 'skipped' : 'done';
    if (current && s.id === current.id) return review.state === 'changes_requested' ? 'changes_requested' : review.state === 'open' ? 'open' : 'waiting';
    return 'waiting';
  });
}

/**
 * The current Sketch, HQ and LQ versions of a design and how each stands in the flow (one version
 * when `onlyMessage` names it). A version from before the flows, or of a promotion without stages,
 * is not listed.
 */
export async function designReviews(db: Db, auth: AuthContext, chatId: number, onlyMessage?: number): Promise<DesignReviewsData> {
  const psd = await visibleChat(db, auth, chatId);
  const rows = await db
    .select({ review: fileReviews, message_id: chatMessages.message_id, file_name: chatMessages.file_name })
    .from(fileReviews)
    .innerJoin(chatMessages, eq(chatMessages.id, fileReviews.message_id))
    .where(
      and(
        eq(chatMessages.chat_id, chatId),
        onlyMessage === undefined ? and(eq(chatMessages.delete_message, false), isNotNull(chatMessages.file_id)) : eq(chatMessages.message_id, onlyMessage),
      ),
    )
    .orderBy(asc(chatMessages.message_id));
  if (!rows.length) return { chat_id: chatId, reviews: [] };
  const [stages, schedule, decisionRows] = await Promise.all([
    stagesOf(db, psd.promotion_id),
    milestonesOf(db, [psd.promotion_id]).then((m) => m.get(psd.promotion_id)),
    db
      .select({ d: reviewDecisions, reviewer: { id: users.id, name: users.name, surname: users.surname } })
      .from(reviewDecisions)
      .leftJoin(users, eq(users.id, reviewDecisions.reviewer_id))
      .where(inArray(reviewDecisions.message_id, rows.map((r) => r.review.message_id)))
      .orderBy(asc(reviewDecisions.created_at), asc(reviewDecisions.id)),
  ]);
  const deciderIds = [...new Set(decisionRows.map((r) => r.d.decided_by_id).filter((id): id is number => id !== null))];
  const [deciders, pinRows] = await Promise.all([
    deciderIds.length ? db.select({ id: users.id, name: users.name, surname: users.surname }).from(users).where(inArray(users.id, deciderIds)) : [],
    decisionRows.length
      ? db
          .select({ decision_id: reviewDecisionPins.decision_id, number: filePins.number })
          .from(reviewDecisionPins)
          .innerJoin(filePins, eq(filePins.id, reviewDecisionPins.pin_id))
          .where(inArray(reviewDecisionPins.decision_id, decisionRows.map((r) => r.d.id)))
      : [],
  ]);
  const deciderName = new Map(deciders.map((u) => [u.id, personName(u)]));
  const today = osloDay(new Date());
  const reviews: FileReview[] = [];
  for (const { review, message_id, file_name } of rows) {
    const own = decisionRows.filter((r) => r.d.message_id === review.message_id);
    const decisions: (ReviewDecisionRow & { stage_id: number | null })[] = own.map(({ d, reviewer }) => ({
      id: d.id,
      stage_id: d.stage_id,
      decision: d.decision as ReviewDecisionRow['decision'],
      reviewer: reviewer?.id ? { id: reviewer.id, name: personName(reviewer) } : null,
      decided_by: d.decided_by_id !== null && d.decided_by_id !== d.reviewer_id ? { id: d.decided_by_id, name: deciderName.get(d.decided_by_id) ?? '' } : null,
      comment: d.comment,
      reason: d.reason,
      pins: pinRows.filter((p) => p.decision_id === d.id).map((p) => p.number).sort((a, b) => a - b),
      create_date: d.created_at.toISOString(),
    }));
    const states = stageStates(review, stages, decisions);
    const live = isRatedStatus(psd.status as PsdStatus) && (review.state === 'open' || review.state === 'changes_requested');
    const open = live ? stages.find((s) => s.id === review.stage_id) : undefined;
    const reviewers = open ? await reviewersOf(db, open, psd.category_id) : [];
    const approvedInOpen = new Set(decisions.filter((d) => d.stage_id === open?.id && d.decision === 'approve').map((d) => d.reviewer?.id));
    reviews.push({
      message_id,
      type_file: review.type_file as FileReview['type_file'],
      file_name,
      state: review.state as ReviewState,
      stage_id: review.stage_id,
      stages: stages.map((s, i) => {
        const due_on = stageDueOn(s, schedule);
        return {
          id: s.id,
          position: s.position,
          name: s.name,
          rule: s.rule as ReviewStageState['rule'],
          state: states[i]!,
          due_on,
          overdue: states[i] === 'open' && due_on !== null && due_on < today,
          decisions: decisions.filter((d) => d.stage_id === s.id).map(({ stage_id: _s, ...d }) => d),
          pending: states[i] === 'open' ? reviewers.filter((r) => !approvedInOpen.has(r.id)) : [],
        };
      }),
      can_decide: !!open && reviewers.some((r) => r.id === auth.user.id),
      approved_by_me: approvedInOpen.has(auth.user.id),
      can_override: !!open && review.state === 'open' && can(auth.user.role, 'reviews.override'),
      reviewers: can(auth.user.role, 'reviews.override') ? reviewers : [],
    });
  }
  return { chat_id: chatId, reviews };
}

/** The open review of a version that leaves the chat (deleted by its sender) closes with it. */
export const closeReview = (tx: DbOrTx, messageId: number) =>
  tx.update(fileReviews).set({ state: 'replaced', finished_at: new Date(), updated_at: new Date() }).where(and(eq(fileReviews.message_id, messageId), inArray(fileReviews.state, ['open', 'changes_requested'])));

