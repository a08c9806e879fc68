import { and, eq, sql } from 'drizzle-orm';
import { isRatedStatus, type PsdStatus, type ReviewDecisionKind } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { chatMessages, fileReviews } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { invalidField } from '../../lib/errors';
import type { PsdRow } from '../promotion-design/psd-access';
import { ensureFlow, type StageRow } from './flow';
import { lockedReview, recordDecision, type ReviewOutcome, type ReviewRow } from './progress';
import { reviewersOf } from './reviewers';

/** What a sketch's rating was in the promotion's review flow (decision 040). */
export type RatingInFlow =
  /** The promotion's flow has no stages: the rating moves the status itself (decision 030). */
  | { effect: 'status' }
  /** The rater's decision in the stage the sketch waits in. */
  | { effect: 'decision'; outcome: ReviewOutcome }
  /** Only the sketch's rating mark changed; `stage` is the one the sketch still waits in, if any. */
  | { effect: 'reaction'; stage: string | null };

/** The stage a version waits in (open, or asking for changes) while its design is still rated. */
function waitingStage(psd: PsdRow, review: ReviewRow | undefined, stages: StageRow[]) {
  if (!review || !isRatedStatus(psd.status as PsdStatus) || (review.state !== 'open' && review.state !== 'changes_requested')) return undefined;
  return stages.find((s) => s.id === review.stage_id);
}

/**
 * A sketch's rating in a promotion with a review flow (decision 040): approved (3) is the rater's
 * approval and cancelled (2) its change request, when the rater reviews the stage the sketch is in;
 * a change request needs a comment (422, nothing changes). Otherwise, for 1 (reaction set), and on
 * a Completed or Cancelled design, the rating is only a reaction.
 */
export async function ratingAsDecision(
  tx: DbOrTx,
  auth: AuthContext,
  psd: PsdRow,
  message: { id: number; type_file: string },
  rating: number,
  comment: string,
): Promise<RatingInFlow> {
  const stages = await ensureFlow(tx, psd.promotion_id);
  if (!stages.length) return { effect: 'status' };
  const decides = (rating === 2 || rating === 3) && isRatedStatus(psd.status as PsdStatus);
  // Only a rating that may decide brings a sketch from before the flows into it (decision 040).
  const review = decides ? await lockedReview(tx, psd, message) : (await tx.select().from(fileReviews).where(eq(fileReviews.message_id, message.id)))[0];
  const stage = waitingStage(psd, review, stages);
  if (!decides || !review || !stage || !(await reviewersOf(tx, stage, psd.category_id)).some((r) => r.id === auth.user.id)) {
    return { effect: 'reaction', stage: stage?.name ?? null };
  }
  if (rating === 2 && !comment) throw invalidField('comment', 'comment_required');
  const outcome = await recordDecision(tx, psd, review, stage, stages, {
    reviewerId: auth.user.id,
    decidedById: auth.user.id,
    decision: rating === 3 ? 'approve' : 'changes',
    comment,
    reason: '',
    pins: [],
  });
  return { effect: 'decision', outcome };
}

/**
 * A decision on a sketch is its rating too (decision 040), so the chat's mark says what the review
 * panel says: approve is 3 (approved), changes is 2 (cancelled). Whether the rating changed.
 */
export async function ratingFollowsDecision(tx: DbOrTx, message: { id: number; type_file: string }, decision: ReviewDecisionKind): Promise<boolean> {
  if (message.type_file !== 'Sketch') return false;
  const rating = decision === 'approve' ? 3 : 2;
  const changed = await tx
    .update(chatMessages)
    .set({ rating_file: rating, updated_at: new Date() })
    .where(and(eq(chatMessages.id, message.id), sql`${chatMessages.rating_file} is distinct from ${rating}`))
    .returning({ id: chatMessages.id });
  return changed.length > 0;
}
