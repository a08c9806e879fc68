import { eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chats, designs, promotionSurfaceDesigns } from '../../db/schema';
import { WRITE_LOCK } from '../../db/write-lock';
import type { AuthContext } from '../../lib/auth-context';
import { notFound, outsideCategories } from '../../lib/errors';
import { designCategoryScope } from './category-scope';

export type PsdRow = typeof promotionSurfaceDesigns.$inferSelect & { category_id: number; chat_id: number | null };

/** `update` takes the design's row for writing (not its key); `share` only keeps it from changing or going meanwhile. */
export type PsdLock = 'update' | 'share' | false;

/**
 * A PSD the caller may see (DOMAIN.md chat participants): admins, cm-admins and designers see
 * every design, a cm only designs of its own categories.
 */
export async function visiblePsd(db: DbOrTx, auth: AuthContext, psdId: number, lock: PsdLock | true = false): Promise<PsdRow> {
  return checked(db, auth, eq(promotionSurfaceDesigns.id, psdId), lock === true ? 'update' : lock);
}

/** The PSD behind a chat, checked the same way, in one query. */
export async function visibleChat(db: DbOrTx, auth: AuthContext, chatId: number, lock: PsdLock = false): Promise<PsdRow & { chat_id: number }> {
  const psd = await checked(db, auth, eq(chats.id, chatId), lock);
  return { ...psd, chat_id: chatId };
}

async function checked(db: DbOrTx, auth: AuthContext, where: SQL, lock: PsdLock): Promise<PsdRow> {
  const query = db
    .select({ psd: promotionSurfaceDesigns, category_id: designs.category_id, chat_id: chats.id })
    .from(promotionSurfaceDesigns)
    .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
    .leftJoin(chats, eq(chats.psd_id, promotionSurfaceDesigns.id))
    .where(where);
  // `update` takes the write lock (FOR NO KEY UPDATE, not FOR UPDATE: see write-lock.ts); four HQ
  // files sent at once answered 500 in CI with FOR UPDATE.
  const [row] = lock ? await query.for(lock === 'update' ? WRITE_LOCK : lock, { of: promotionSurfaceDesigns }) : await query;
  if (!row) throw notFound();
  const scope = await designCategoryScope(db, auth);
  if (scope && !scope.includes(row.category_id)) throw outsideCategories();
  return { ...row.psd, category_id: row.category_id, chat_id: row.chat_id };
}
