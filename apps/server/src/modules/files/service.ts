import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { can } from '@promo/shared';
import { chatMessages, files } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { FileRow } from '../../lib/uploads';
import { visibleChat } from '../promotion-design/psd-access';
import { assertPlacementPhotoReadable, PLACEMENT_OWNER } from '../delivery/placement';

/** Owners whose files every signed-in user may see (catalogue and promotion pictures). */
const PUBLIC_OWNERS = new Set(['surfaces', 'products', 'promotions']);

/** A file the caller may read: catalogue images for everyone signed in, an unclaimed upload for its uploader. */
export async function readableFile(db: DbOrTx, auth: AuthContext, id: number): Promise<FileRow> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  if (!row) throw notFound();
  const owner = row.owner_table;
  if (owner && PUBLIC_OWNERS.has(owner)) return row;
  if (!owner && (row.uploaded_by === auth.user.id || auth.user.role === 'admin')) return row;
  // A price-sign template's background: for those who see templates (decision 043).
  if (owner === 'sign_templates' && can(auth.user.role, 'signs.view')) return row;
  if (owner === PLACEMENT_OWNER && row.owner_id !== null) {
    await assertPlacementPhotoReadable(db, auth, row.owner_id);
    return row;
  }
  if (owner === 'chat_messages' && row.owner_id !== null && can(auth.user.role, 'promotions.view')) {
    const [message] = await db.select({ chat_id: chatMessages.chat_id }).from(chatMessages).where(eq(chatMessages.id, row.owner_id));
    if (message) {
      await visibleChat(db, auth, message.chat_id);
      return row;
    }
  }
  throw forbidden();
}

/** A file name for Content-Disposition that cannot break the header. */
export function dispositionName(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 5987: encodeURIComponent leaves ' ( ) * as they are, which filename* does not allow.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Streams a stored file as a download: never cached, never sniffed, its own name. */
export async function sendAttachment(reply: FastifyReply, storage: Storage, row: FileRow) {
  const body = await storage.read(row.storage_key);
  return reply
    .header('content-type', row.content_type)
    .header('content-length', row.size)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; ${dispositionName(row.original_name)}`)
    .send(body);
}
