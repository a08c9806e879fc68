import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';

/** The categories whose designs a user may see and attach: a cm only its own; others all (null). */
export async function designCategoryScope(db: DbOrTx, auth: AuthContext): Promise<number[] | null> {
  if (auth.user.role !== 'cm') return null;
  const own = await db.select({ id: categories.id }).from(categories).where(eq(categories.manager_id, auth.user.id));
  return own.map((c) => c.id);
}
