import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chatMessages, chats, files, printReports, promotions } from '../../db/schema';
import { invalidField } from '../../lib/errors';

export interface HqFile {
  psd_id: number;
  kind: 'image' | 'document';
  chat_id: number;
  message_id: number;
  file: typeof files.$inferSelect;
}

/**
 * The current HQ file of each design's chat, image or document: what is checked before sending and
 * what the printer prints from. A new HQ file replaces the current one whatever its kind (decision
 * 030), so each design has one.
 */
export async function newestHqFiles(db: DbOrTx, psdIds: number[]): Promise<HqFile[]> {
  if (!psdIds.length) return [];
  const rows = await db
    .select({ psd_id: chats.psd_id, chat_id: chats.id, message_id: chatMessages.message_id, kind: chatMessages.type_extension, file: files })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chat_id))
    .innerJoin(files, eq(files.id, chatMessages.file_id))
    .where(and(inArray(chats.psd_id, psdIds), eq(chatMessages.type_file, 'HQ'), eq(chatMessages.delete_message, false), isNotNull(chatMessages.file_id)))
    .orderBy(desc(chatMessages.message_id));
  const newest = new Map<number, HqFile>();
  for (const r of rows) {
    if (!newest.has(r.psd_id)) newest.set(r.psd_id, { psd_id: r.psd_id, chat_id: r.chat_id, message_id: r.message_id, kind: r.kind as HqFile['kind'], file: r.file });
  }
  return [...newest.values()];
}

/** Whether the promotion's HQ files are fixed: it is sent to the printers. */
export async function printFilesFixed(db: DbOrTx, promotionId: number) {
  const [sent] = await db.select({ id: printReports.id }).from(printReports).where(eq(printReports.promotion_id, promotionId));
  return !!sent;
}

/**
 * Once a promotion is sent to the printers its HQ files are what they print: no one sends, replaces
 * or removes one until an admin takes the promotion back (decision 011). The share lock on the
 * promotion makes a send to printers under way finish first.
 */
export async function assertPrintFilesOpen(db: DbOrTx, promotionId: number, field: string) {
  await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId)).for('share');
  if (await printFilesFixed(db, promotionId)) throw invalidField(field, 'print_files_fixed');
}
