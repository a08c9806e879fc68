import { and, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PERMISSIONS, SESSION_DAYS, type Role } from '@promo/shared';
import type { DbOrTx } from '../db/client';
import { sessions, users } from '../db/schema';
import type { AuthContext } from './auth-context';
import { unauthenticated } from './errors';
import { hashToken, newToken } from './tokens';
import { TtlCache } from './ttl-cache';

const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;

export async function createSession(
  db: DbOrTx,
  userId: number,
  impersonatorId: number | null = null,
  /** A single sign-on's session: the provider's ID token (kept for the sign-out there). */
  ssoIdToken: string | null = null,
): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(sessions).values({
    token_hash: hash,
    user_id: userId,
    impersonator_id: impersonatorId,
    sso: ssoIdToken !== null,
    sso_id_token: ssoIdToken,
    expires_at: new Date(Date.now() + SESSION_MS),
  });
  return token;
}

/** The live session of a bearer token: not revoked, not expired, its user active and not deleted. */
export async function resolveSession(db: DbOrTx, token: string): Promise<AuthContext | null> {
  return (await liveSession(db, hashToken(token)))?.auth ?? null;
}

const opener = alias(users, 'opener');
/** Who may sign in as a station (permissions.ts); a sign-in-as session lives only while its opener still may. */
export const IMPERSONATOR_ROLES = PERMISSIONS['auth.impersonate'];

/**
 * The one definition of a live session: not revoked, not expired, its user active and not
 * deleted, and, for a sign-in-as session, the admin who opened it still an active admin.
 * Used with `fromLiveSessions`, which joins the tables it names.
 */
const liveSessionCondition = () =>
  and(
    isNull(sessions.revoked_at),
    gt(sessions.expires_at, new Date()),
    isNull(users.deleted_at),
    eq(users.status, true),
    or(isNull(sessions.impersonator_id), and(isNull(opener.deleted_at), eq(opener.status, true), inArray(opener.role, [...IMPERSONATOR_ROLES]))),
  );

/** The ids among `ids` of sessions that are still live. */
export async function liveSessionIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(opener, eq(opener.id, sessions.impersonator_id))
    .where(and(inArray(sessions.id, ids), liveSessionCondition()));
  return new Set(rows.map((r) => r.id));
}

async function liveSession(db: DbOrTx, tokenHash: string): Promise<{ auth: AuthContext; expiresAt: Date } | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      impersonatorId: sessions.impersonator_id,
      expiresAt: sessions.expires_at,
      id: users.id,
      name: users.name,
      surname: users.surname,
      email: users.email,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(opener, eq(opener.id, sessions.impersonator_id))
    .where(and(eq(sessions.token_hash, tokenHash), liveSessionCondition()))
    .limit(1);
  if (!row) return null;
  const { sessionId, impersonatorId, expiresAt, ...user } = row;
  return { auth: { sessionId, impersonatorId, user: { ...user, role: user.role as Role } }, expiresAt };
}

/**
 * Resolves bearer tokens with a short in-process memory (decision 008): a live session is looked
 * up again after `ttlMs` at the latest, and never past its expiry. `forget()` is called after every
 * change that can end a session or change a user (sign-out, user edits), here and in the other
 * processes, so those take effect at once; unknown tokens are never remembered.
 */
export function sessionResolver(db: DbOrTx, ttlMs: number) {
  const cache = new TtlCache<AuthContext>(ttlMs, 10_000);
  return {
    async resolve(token: string): Promise<AuthContext | null> {
      const key = hashToken(token);
      const hit = cache.peek(key);
      if (hit) return hit;
      const live = await liveSession(db, key);
      if (live) cache.set(key, Promise.resolve(live.auth), live.expiresAt.getTime());
      return live?.auth ?? null;
    },
    forget: () => cache.clear(),
  };
}

/**
 * Ends a session that is still open. One that has ended already, say by a sign-out or a sign-in-as
 * sent at the same moment from the same session, is 401, as it would be a moment later: a session
 * is ended, and replaced by a sign-in-as or its way back, once.
 */
export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  // The provider's ID token is of no use once the session ends.
  const ended = await db
    .update(sessions)
    .set({ revoked_at: new Date(), sso_id_token: null })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  if (!ended.length) throw unauthenticated();
}

/**
 * Every live session of a user: its own, ones where someone signed in as it, and the station
 * sessions it opened by signing in as someone (they end with the admin's rights).
 */
export async function revokeUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date(), sso_id_token: null })
    .where(and(or(eq(sessions.user_id, userId), eq(sessions.impersonator_id, userId)), isNull(sessions.revoked_at)));
}

/**
 * Forgets the provider's ID token of every SSO session that has ended without a sign-out (expired,
 * or revoked by a path that did not clear it): it serves only the sign-out there, and should not
 * stay in the database and its backups. Run hourly by the server; returns how many it cleared.
 */
export async function forgetEndedSsoTokens(db: DbOrTx, now = new Date()): Promise<number> {
  const cleared = await db
    .update(sessions)
    .set({ sso_id_token: null })
    .where(and(isNotNull(sessions.sso_id_token), or(lte(sessions.expires_at, now), isNotNull(sessions.revoked_at))))
    .returning({ id: sessions.id });
  return cleared.length;
}
