import { and, eq, gt, isNull } from 'drizzle-orm';
import { SESSION_DAYS, type Role } from '@promo/shared';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import type { AuthContext } from './auth-context';
import { hashToken, newToken } from './tokens';

const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export async function createSession(
  db: DbOrTx,
  userId: number,
  impersonatorId: number | null = null,
): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    token_hash: hash,
    user_id: userId,
    impersonator_id: impersonatorId,
    expires_at: new Date(Date.now() + SESSION_MS),
  });
  return token;
}

/** The live session of a bearer token: not revoked, not expired, its user active and not deleted. */
export async function resolveSession(db: DbOrTx, token: string): Promise<AuthContext | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      impersonatorId: sessions.impersonator_id,
      id: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, new Date()),
        isNull(users.deleted_at),
        eq(users.status, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { sessionId, impersonatorId, ...user } = row;
  return { sessionId, impersonatorId, user: { ...user, role: user.role as Role } };
}

export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
}

/** Every live session of a user, including ones where someone signed in as them. */
export async function revokeUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
}
