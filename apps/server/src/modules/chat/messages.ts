import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { ChatFileType, ChatMessage, Preflight, UrlImages } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { categories, chatMessages, chats, designs, filePins, messageReads, promotionSurfaceDesigns, users } from '../../db/schema';
import { urlImagesFor } from '../../lib/images';
import { personName } from '../../lib/person-name';
import { downloadUrl } from '../promotion-design/design-page';
import { preflightsOf } from '../preflight/store';

type MessageRow = typeof chatMessages.$inferSelect;

/** '1.20 Mb' for 1,258,291 bytes; Kb below a megabyte. */
export function formatFileSize(bytes: number): string {
  if (bytes <= 0) return '';
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} Kb`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} Mb`;
}

/**
 * One message as the client sees it: a deleted one keeps its place but shows nothing; a file
 * replaced by a newer version of its type keeps its text, name and type, not its file (decision 030).
 */
function present(r: MessageRow, readers: number[], senderName: string, images: UrlImages | null, preflight: Preflight | null): ChatMessage {
  const live = !r.delete_message;
  const replaced = r.delete_message && r.replaced_by_id !== null;
  const hasFile = live && r.file_id !== null;
  return {
    id: r.id,
    chat_id: r.chat_id,
    message_id: r.message_id,
    text: live || replaced ? r.text : '',
    url_images: hasFile && r.type_extension === 'image' ? images : null,
    url_file: hasFile ? downloadUrl('design_chats', r.chat_id, r.message_id) : null,
    file_name: live || replaced ? r.file_name : '',
    file_size: live ? formatFileSize(r.file_size) : '',
    type_extension: live ? (r.type_extension as ChatMessage['type_extension']) : '',
    type_file: live || replaced ? (r.type_file as ChatFileType) : '',
    comment_mess_id: r.comment_mess_id,
    update_message: r.update_message,
    delete_message: r.delete_message,
    replaced,
    who_read_messages: readers,
    sender_id: r.sender_id,
    sender_name: senderName,
    rating_file: live ? r.rating_file : null,
    create_date: r.created_at.toISOString(),
    preflight: hasFile && r.type_file === 'HQ' ? preflight : null,
    generated: r.sign_template_version !== null && r.sign_count !== null ? { template_version: r.sign_template_version, signs: r.sign_count } : null,
  };
}

export const senderName = personName;

/** A message just written by `sender`: nobody has read it yet, so no query is needed to show it. */
export const newChatMessage = (row: MessageRow, sender: { name: string; surname: string }, images: UrlImages | null, preflight: Preflight | null = null) =>
  present(row, [], senderName(sender), images, preflight);

/** Messages as the client sees them, with readers, sender names and image links. */
export async function toChatMessages(db: DbOrTx, rows: MessageRow[]): Promise<ChatMessage[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const senderIds = [...new Set(rows.map((r) => r.sender_id).filter((id): id is number => id !== null))];
  const [reads, senders, images, preflights] = await Promise.all([
    db.select().from(messageReads).where(inArray(messageReads.message_id, ids)).orderBy(asc(messageReads.read_at)),
    senderIds.length ? db.select({ id: users.id, name: users.name, surname: users.surname }).from(users).where(inArray(users.id, senderIds)) : [],
    urlImagesFor(db, rows.filter((r) => r.type_extension === 'image' && !r.delete_message).map((r) => r.file_id)),
    preflightsOf(db, rows.filter((r) => r.type_file === 'HQ' && !r.delete_message).map((r) => r.file_id)),
  ]);
  const names = new Map(senders.map((s) => [s.id, senderName(s)]));
  const readers = new Map<number, number[]>();
  for (const x of reads) (readers.get(x.message_id) ?? readers.set(x.message_id, []).get(x.message_id)!).push(x.user_id);
  return rows.map((r) =>
    present(
      r,
      readers.get(r.id) ?? [],
      r.sender_id !== null ? (names.get(r.sender_id) ?? '') : '',
      r.file_id !== null ? (images.get(r.file_id) ?? null) : null,
      r.file_id !== null ? (preflights.get(r.file_id) ?? null) : null,
    ),
  );
}

export async function chatMessagesByIds(db: DbOrTx, ids: number[]): Promise<ChatMessage[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(chatMessages).where(inArray(chatMessages.id, ids)).orderBy(asc(chatMessages.message_id));
  return toChatMessages(db, rows);
}

/** Who receives a chat's events (DOMAIN.md): admins, cm-admins, designers and the cm of the design's category. */
export const chatParticipants = (db: DbOrTx, chatId: number) => participants(db, eq(chats.id, chatId));

/** Who may see a design and so receives its status changes: the same people as its chat's. */
export const designParticipants = (db: DbOrTx, psdId: number) => participants(db, eq(promotionSurfaceDesigns.id, psdId));

async function participants(db: DbOrTx, design: SQL): Promise<number[]> {
  const manager = db
    .select({ id: categories.manager_id })
    .from(promotionSurfaceDesigns)
    .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
    .innerJoin(categories, eq(categories.id, designs.category_id))
    .leftJoin(chats, eq(chats.psd_id, promotionSurfaceDesigns.id))
    .where(design);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, true),
        isNull(users.deleted_at),
        or(inArray(users.role, ['admin', 'cm-admin', 'designer']), and(eq(users.role, 'cm'), inArray(users.id, manager))),
      ),
    );
  return rows.map((u) => u.id);
}

/** The live file of a type (Sketch, HQ, LQ) in a chat: one at most, image or document (decision 030). */
export const liveFileOfType = (chatId: number, typeFile: string) =>
  and(eq(chatMessages.chat_id, chatId), eq(chatMessages.type_file, typeFile), eq(chatMessages.delete_message, false));

/**
 * Marks the matching messages removed: each keeps its row and number and loses its text, file,
 * rating and pins. Returns them with the file each held, for the caller to delete.
 */
export async function removeMessages(tx: DbOrTx, where: SQL | undefined): Promise<{ id: number; file_id: number | null }[]> {
  const rows = await tx.select({ id: chatMessages.id, file_id: chatMessages.file_id }).from(chatMessages).where(where).for('update');
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  await tx
    .update(chatMessages)
    .set({ delete_message: true, text: '', file_id: null, rating_file: null, updated_at: new Date() })
    .where(inArray(chatMessages.id, ids));
  await tx.delete(filePins).where(inArray(filePins.message_id, ids));
  return rows;
}

/**
 * Marks the matching messages replaced by the newer file `byId` (decisions 017, 030): the chat
 * shows each as replaced, with the sender's text, while its file, pins and a sketch's rating stay
 * with the earlier version. Only a deleted message loses its text (removeMessages).
 */
export async function replaceMessages(tx: DbOrTx, where: SQL | undefined, byId: number): Promise<number[]> {
  const rows = await tx
    .update(chatMessages)
    .set({ delete_message: true, replaced_by_id: byId, updated_at: new Date() })
    .where(where)
    .returning({ id: chatMessages.id });
  return rows.map((r) => r.id);
}
