import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chats, filePins } from '../../db/schema';

/** Open pins of each design, on any file version (decision 017): design id -> count, 0 when none. */
export async function openPinCounts(db: DbOrTx, psdIds: number[]): Promise<Map<number, number>> {
  const counts = new Map(psdIds.map((id) => [id, 0]));
  if (!psdIds.length) return counts;
  const rows = await db
    .select({ psd_id: chats.psd_id, open: count() })
    .from(filePins)
    .innerJoin(chats, eq(chats.id, filePins.chat_id))
    .where(and(inArray(chats.psd_id, psdIds), eq(filePins.status, 'open')))
    .groupBy(chats.psd_id);
  for (const r of rows) counts.set(r.psd_id, r.open);
  return counts;
}

export const openPinsOf = async (db: DbOrTx, psdId: number) => (await openPinCounts(db, [psdId])).get(psdId)!;
