import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatMessages, chats, files } from '../../db/schema';

export interface HqFile {
  psd_id: number;
  kind: 'image' | 'document';
  chat_id: number;
  message_id: number;
  file: typeof files.$inferSelect;
}

/** The newest live HQ image and HQ document of each design's chat: what the printer prints from. */
export async function newestHqFiles(db: DbOrTx, psdIds: number[]): Promise<HqFile[]> {
  if (!psdIds.length) return [];
  const rows = await db
    .select({ psd_id: chats.psd_id, chat_id: chats.id, message_id: chatMessages.message_id, kind: chatMessages.type_extension, file: files })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chat_id))
    .innerJoin(files, eq(files.id, chatMessages.file_id))
    .where(and(inArray(chats.psd_id, psdIds), eq(chatMessages.type_file, 'HQ'), eq(chatMessages.delete_message, false), isNotNull(chatMessages.file_id)))
    .orderBy(desc(chatMessages.message_id));
  const newest = new Map<string, HqFile>();
  for (const r of rows) {
    const key = `${r.psd_id}:${r.kind}`;
    if (!newest.has(key)) newest.set(key, { psd_id: r.psd_id, chat_id: r.chat_id, message_id: r.message_id, kind: r.kind as HqFile['kind'], file: r.file });
  }
  return [...newest.values()];
}
