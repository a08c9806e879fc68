import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, notFound } from '../../lib/errors';

/** The daily digest on or off: a user its own (also while an admin is signed in as it), an admin anyone's. */
export async function setDigestOptOut(db: Db, auth: AuthContext, userId: number, optOut: boolean) {
  if (userId !== auth.user.id && auth.user.role !== 'admin') throw forbidden();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ digest_opt_out: users.digest_opt_out })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deleted_at)))
      .for('update');
    if (!before) throw notFound();
    if (before.digest_opt_out !== optOut) {
      await tx.update(users).set({ digest_opt_out: optOut }).where(eq(users.id, userId));
      await writeAudit(tx, auth, { action: 'update', entity: 'users', entityId: userId, before, after: { digest_opt_out: optOut } });
    }
    return { digest_opt_out: optOut };
  });
}

export async function digestOptOutOf(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ v: users.digest_opt_out }).from(users).where(eq(users.id, userId));
  return row?.v ?? false;
}
