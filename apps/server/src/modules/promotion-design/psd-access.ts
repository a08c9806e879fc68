import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chats, designs, promotionSurfaceDesigns } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, notFound } from '../../lib/errors';
import { designCategoryScope } from './service';

export type PsdRow = typeof promotionSurfaceDesigns.$inferSelect & { category_id: number; chat_id: number | null };

/**
 * A PSD the caller may see (DOMAIN.md chat participants): admins, cm-admins and designers see
 * every design, a cm only designs of its own categories. `lock` takes the row for update.
 */
export async function visiblePsd(db: DbOrTx, auth: AuthContext, psdId: number, lock = false): Promise<PsdRow> {
  const query = db
    .select({ psd: promotionSurfaceDesigns, category_id: designs.category_id, chat_id: chats.id })
    .from(promotionSurfaceDesigns)
    .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
    .leftJoin(chats, eq(chats.psd_id, promotionSurfaceDesigns.id))
    .where(eq(promotionSurfaceDesigns.id, psdId));
  const [row] = lock ? await query.for('update', { of: promotionSurfaceDesigns }) : await query;
  if (!row) throw notFound();
  const scope = await designCategoryScope(db, auth);
  if (scope && !scope.includes(row.category_id)) throw forbidden();
  return { ...row.psd, category_id: row.category_id, chat_id: row.chat_id };
}

/** The PSD behind a chat, checked the same way. */
export async function visibleChat(db: DbOrTx, auth: AuthContext, chatId: number, lock = false): Promise<PsdRow & { chat_id: number }> {
  const [chat] = await db.select({ psd_id: chats.psd_id }).from(chats).where(eq(chats.id, chatId));
  if (!chat) throw notFound();
  const psd = await visiblePsd(db, auth, chat.psd_id, lock);
  return { ...psd, chat_id: chatId };
}
