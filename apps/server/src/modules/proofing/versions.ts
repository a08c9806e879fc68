import { and, asc, count, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { CHAT_FILE_TYPES, type FileVersion } from '@promo/shared';
import type { Db } from '../../db/client';
import { chatMessages, filePins, users } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { urlImagesFor } from '../../lib/images';
import { allQueries } from '../../lib/queries';
import { formatFileSize, senderName } from '../chat/messages';
import { preflightsOf } from '../preflight/store';
import { downloadUrl } from '../promotion-design/design-page';
import { visibleChat } from '../promotion-design/psd-access';

/**
 * The Sketch, HQ and LQ files of a design's chat as versions of their type, image or document
 * (decisions 017, 030): the live one and the files a newer one replaced, oldest first. A message
 * deleted by its sender has no file left and is no version.
 */
export async function listVersions(db: Db, auth: AuthContext, chatId: number): Promise<FileVersion[]> {
  await visibleChat(db, auth, chatId);
  const rows = await db
    .select({ m: chatMessages, sender: { name: users.name, surname: users.surname } })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.sender_id))
    .where(
      and(
        eq(chatMessages.chat_id, chatId),
        inArray(chatMessages.type_file, [...CHAT_FILE_TYPES]),
        isNotNull(chatMessages.file_id),
        or(eq(chatMessages.delete_message, false), isNotNull(chatMessages.replaced_by_id)),
      ),
    )
    .orderBy(asc(chatMessages.message_id));
  if (!rows.length) return [];
  const [images, preflightOf, pins] = await allQueries(
    db,
    () => urlImagesFor(db, rows.filter((r) => r.m.type_extension === 'image').map((r) => r.m.file_id)),
    () => preflightsOf(db, rows.map((r) => r.m.file_id)),
    () =>
      db
        .select({ message_id: filePins.message_id, open: count() })
        .from(filePins)
        .where(and(eq(filePins.chat_id, chatId), eq(filePins.status, 'open')))
        .groupBy(filePins.message_id),
  );
  const openPins = new Map(pins.map((p) => [p.message_id, p.open]));

  const versions: FileVersion[] = [];
  for (const type_file of CHAT_FILE_TYPES) {
    const group = rows.filter((r) => r.m.type_file === type_file);
    // The live file: one at most (decision 030).
    const current = group.findLast((r) => !r.m.delete_message)?.m.id;
    group.forEach(({ m, sender }, i) => {
      const kind = m.type_extension as FileVersion['type_extension'];
      versions.push({
        id: m.id,
        message_id: m.message_id,
        type_file,
        type_extension: kind,
        version: i + 1,
        current: m.id === current,
        file_name: m.file_name,
        file_size: formatFileSize(m.file_size),
        create_date: m.created_at.toISOString(),
        sender_name: sender ? senderName(sender) : '',
        url_images: kind === 'image' ? (images.get(m.file_id!) ?? null) : null,
        url_file: downloadUrl('design_chats', chatId, m.message_id),
        preflight: preflightOf.get(m.file_id!) ?? null,
        open_pins: openPins.get(m.id) ?? 0,
      });
    });
  }
  return versions;
}
