import { isRatedStatus, type PsdStatus } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import type { PsdRow } from '../promotion-design/psd-access';
import { ensureFlow } from './flow';
import { lockedReview, recordDecision, type ReviewOutcome } from './progress';
import { reviewersOf } from './reviewers';

/**
 * A sketch's rating in a promotion with a review flow (decision 040): approved (3) is the rater's
 * approval and cancelled (2) its change request, when the rater reviews the stage the sketch is in;
 * otherwise, for 1 (reaction set) and on a Completed or Cancelled design, the rating is only a
 * reaction. Null when the promotion's flow
 * has no stages: the rating then moves the status itself (decision 030).
 */
export async function ratingAsDecision(
  tx: DbOrTx,
  auth: AuthContext,
  psd: PsdRow,
  message: { id: number; type_file: string },
  rating: number,
): Promise<ReviewOutcome | null> {
  const stages = await ensureFlow(tx, psd.promotion_id);
  if (!stages.length) return null;
  const none: ReviewOutcome = { status: null };
  if ((rating !== 2 && rating !== 3) || !isRatedStatus(psd.status as PsdStatus)) return none;
  const review = await lockedReview(tx, psd, message);
  const stage = stages.find((s) => s.id === review?.stage_id);
  if (!review || !stage || (review.state !== 'open' && review.state !== 'changes_requested')) return none;
  if (!(await reviewersOf(tx, stage, psd.category_id)).some((r) => r.id === auth.user.id)) return none;
  return recordDecision(tx, psd, review, stage, stages, {
    reviewerId: auth.user.id,
    decidedById: auth.user.id,
    decision: rating === 3 ? 'approve' : 'changes',
    comment: '',
    reason: '',
    pins: [],
  });
}
