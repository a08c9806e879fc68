import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { briefFiles, chatMessages, chats } from '../../db/schema';
import { allQueries } from '../../lib/queries';

/** Files owned by the brief and chat of these designs, to delete with them. */
export async function psdFileIds(db: DbOrTx, psdIds: number[]): Promise<number[]> {
  if (!psdIds.length) return [];
  const [brief, chat] = await allQueries(
    db,
    () => db.select({ file_id: briefFiles.file_id }).from(briefFiles).where(inArray(briefFiles.psd_id, psdIds)),
    () =>
      db
        .select({ file_id: chatMessages.file_id })
        .from(chatMessages)
        .innerJoin(chats, eq(chats.id, chatMessages.chat_id))
        .where(and(inArray(chats.psd_id, psdIds), isNotNull(chatMessages.file_id))),
  );
  return [...brief, ...chat].map((r) => r.file_id!);
}
