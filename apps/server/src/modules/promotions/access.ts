import { eq } from 'drizzle-orm';
import { can } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { promotions } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, notFound } from '../../lib/errors';

/**
 * Who may change a promotion's image (decision 003): whoever may edit promotions (admin,
 * cm-admin) any; a cm only a promotion it created itself, whose create form carries the image.
 */
export async function assertMayChangeImage(db: DbOrTx, auth: AuthContext, promotionId: number) {
  if (can(auth.user.role, 'promotions.edit')) return;
  const [row] = await db.select({ who_created_id: promotions.who_created_id }).from(promotions).where(eq(promotions.id, promotionId));
  if (!row) throw notFound();
  if (row.who_created_id !== auth.user.id) throw forbidden();
}
