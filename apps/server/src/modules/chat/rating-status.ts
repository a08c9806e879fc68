import { eq } from 'drizzle-orm';
import { isRatedStatus, statusAfterRating, type DesignStatusEventPayload, type PsdStatus } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { promotionSurfaceDesigns } from '../../db/schema';
import { notify } from '../notifications/service';
import type { PsdRow } from '../promotion-design/psd-access';
import { designFacts } from '../push/design-pushes';
import { recordStatusChange } from '../promotion-design/status-history';

/**
 * What a sketch's new rating does to its design (decision 030): approved makes it Approved and
 * tells its designer, cancelled makes it Correction; a Completed or Cancelled design stays. Runs in
 * the rating's transaction, which holds the design's row for update. Returns the status event to
 * send once committed, or null when the status stays.
 */
export async function applyRating(tx: DbOrTx, psd: PsdRow, before: number | null, rating: number, actorId: number): Promise<DesignStatusEventPayload | null> {
  const status = psd.status as PsdStatus;
  const next = statusAfterRating(rating, status);
  const updated_at = new Date();
  if (next) {
    await tx.update(promotionSurfaceDesigns).set({ status: next, updated_at }).where(eq(promotionSurfaceDesigns.id, psd.id));
    await recordStatusChange(tx, { psdId: psd.id, from: status, to: next, cause: 'rating', actorId, at: updated_at });
  }
  if (rating === 3 && before !== 3 && isRatedStatus(status)) {
    const d = await designFacts(tx, psd.id);
    if (d) await notify(tx, [d.designer_id], { kind: 'sketch_approved', promotion_id: d.promotion_id, promotion_name: `${d.promotion}: ${d.subject}`, link: d.link });
  }
  return next ? { promotion_surface_design_id: psd.id, promotion_id: psd.promotion_id, status: next, updated_at: updated_at.toISOString() } : null;
}
