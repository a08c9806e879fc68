import type { DbOrTx } from '../../db/client';
import { promotionEvents } from '../../db/schema';

export async function recordEvent(db: DbOrTx, promotionId: number, event: string, actorId: number | null) {
  await db.insert(promotionEvents).values({ promotion_id: promotionId, event, actor_id: actorId });
}
