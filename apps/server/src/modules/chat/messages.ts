import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { ChatFileType, ChatMessage } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { categories, chatMessages, messageReads, users } from '../../db/schema';
import { urlImagesFor } from '../../lib/images';
import { downloadUrl } from '../promotion-design/design-page';

type MessageRow = typeof chatMessages.$inferSelect;

/** '1.20 Mb' for 1,258,291 bytes; Kb below a megabyte. */
export function formatFileSize(bytes: number): string {
  if (bytes <= 0) return '';
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} Kb`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} Mb`;
}

/** Messages as the client sees them: a removed one keeps its place but shows nothing. */
export async function toChatMessages(db: DbOrTx, rows: MessageRow[]): Promise<ChatMessage[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const senderIds = [...new Set(rows.map((r) => r.sender_id).filter((id): id is number => id !== null))];
  const [reads, senders, images] = await Promise.all([
    db.select().from(messageReads).where(inArray(messageReads.message_id, ids)).orderBy(asc(messageReads.read_at)),
    senderIds.length ? db.select({ id: users.id, name: users.name, surname: users.surname }).from(users).where(inArray(users.id, senderIds)) : [],
    urlImagesFor(db, rows.filter((r) => r.type_extension === 'image' && !r.delete_message).map((r) => r.file_id)),
  ]);
  const names = new Map(senders.map((s) => [s.id, `${s.name} ${s.surname}`.trim()]));
  return rows.map((r) => {
    const live = !r.delete_message;
    const hasFile = live && r.file_id !== null;
    return {
      id: r.id,
      chat_id: r.chat_id,
      message_id: r.message_id,
      text: live ? r.text : '',
      url_images: hasFile && r.type_extension === 'image' ? (images.get(r.file_id!) ?? null) : null,
      url_file: hasFile ? downloadUrl('design_chats', r.chat_id, r.message_id) : null,
      file_name: live ? r.file_name : '',
      file_size: live ? formatFileSize(r.file_size) : '',
      type_extension: live ? (r.type_extension as ChatMessage['type_extension']) : '',
      type_file: live ? (r.type_file as ChatFileType) : '',
      comment_mess_id: r.comment_mess_id,
      update_message: r.update_message,
      delete_message: r.delete_message,
      who_read_messages: reads.filter((x) => x.message_id === r.id).map((x) => x.user_id),
      sender_id: r.sender_id,
      sender_name: r.sender_id !== null ? (names.get(r.sender_id) ?? '') : '',
      rating_file: live ? r.rating_file : null,
      create_date: r.created_at.toISOString(),
    };
  });
}

export async function chatMessagesByIds(db: DbOrTx, ids: number[]): Promise<ChatMessage[]> {
  if (!ids.length) return [];
  const rows = await db.select().from(chatMessages).where(inArray(chatMessages.id, ids)).orderBy(asc(chatMessages.message_id));
  return toChatMessages(db, rows);
}

/** Who receives a chat's events (DOMAIN.md): admins, cm-admins, designers and the category's cm. */
export async function chatParticipants(db: DbOrTx, categoryId: number): Promise<number[]> {
  const [staff, manager] = await Promise.all([
    db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.role, ['admin', 'cm-admin', 'designer']), eq(users.status, true), isNull(users.deleted_at))),
    db
      .select({ id: users.id })
      .from(categories)
      .innerJoin(users, eq(users.id, categories.manager_id))
      .where(and(eq(categories.id, categoryId), eq(users.role, 'cm'), eq(users.status, true), isNull(users.deleted_at))),
  ]);
  return [...new Set([...staff, ...manager].map((u) => u.id))];
}

export const liveFileOfType = (chatId: number, typeFile: string, typeExtension: string) =>
  and(
    eq(chatMessages.chat_id, chatId),
    eq(chatMessages.type_file, typeFile),
    eq(chatMessages.type_extension, typeExtension),
    eq(chatMessages.delete_message, false),
  );

