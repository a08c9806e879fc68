import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { DOWNLOAD_TABLES } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { briefFiles, chatMessages, files } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import type { FileRow } from '../../lib/uploads';
import { visibleChat, visiblePsd } from '../promotion-design/psd-access';

/**
 * The file behind download-file's (table_name, table_id, message_id): a chat message's file
 * (table_id = chat id, message_id = its number in the chat) or a brief file (table_id = design
 * id, message_id = the brief file's id). Only users who may see the design get it.
 */
export async function downloadableFile(
  db: DbOrTx,
  auth: AuthContext,
  q: { table_name: (typeof DOWNLOAD_TABLES)[number]; table_id: number; message_id: number },
): Promise<FileRow> {
  let fileId: number | null | undefined;
  if (q.table_name === 'design_chats') {
    await visibleChat(db, auth, q.table_id);
    const [m] = await db
      .select({ file_id: chatMessages.file_id })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.chat_id, q.table_id),
          eq(chatMessages.message_id, q.message_id),
          // A replaced HQ or LQ file is an earlier version, still served; a deleted message's is gone.
          or(eq(chatMessages.delete_message, false), isNotNull(chatMessages.replaced_by_id)),
        ),
      );
    fileId = m?.file_id;
  } else {
    await visiblePsd(db, auth, q.table_id);
    const [b] = await db
      .select({ file_id: briefFiles.file_id })
      .from(briefFiles)
      .where(and(eq(briefFiles.psd_id, q.table_id), eq(briefFiles.id, q.message_id)));
    fileId = b?.file_id;
  }
  if (!fileId) throw notFound();
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  if (!row) throw notFound();
  return row;
}
