import type { PsdStatus } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { designStatusChanges } from '../../db/schema';

/** Records a design's status change in the caller's transaction (issue 24: insights read when each status was reached). */
export async function recordStatusChange(
  tx: DbOrTx,
  change: { psdId: number; from: string | null; to: PsdStatus; cause: 'edit' | 'rating' | 'review'; actorId: number | null; at: Date },
) {
  await tx.insert(designStatusChanges).values({
    psd_id: change.psdId,
    from_status: change.from,
    to_status: change.to,
    cause: change.cause,
    changed_by_id: change.actorId,
    created_at: change.at,
    updated_at: change.at,
  });
}
