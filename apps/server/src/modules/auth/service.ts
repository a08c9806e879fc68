import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { maySignInAs, type LoginData, type Role, type SessionUser } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { categories, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, forbidden, notFound, unauthenticated } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { createSession, IMPERSONATOR_ROLES, revokeSession } from '../../lib/sessions';

export const invalidCredentials = () =>
  new AppError(401, 'These credentials do not match our records.', 'invalid_credentials');

export async function findLiveUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deleted_at)))
    .limit(1);
  return user;
}

/** The current-user object of the specification: id, name, role, re_login, and a cm's categories. */
export async function sessionUser(
  db: DbOrTx,
  user: { id: number; name: string; surname: string; email: string; role: string },
  impersonatorId: number | null,
): Promise<SessionUser> {
  const managed =
    user.role === 'cm'
      ? await db.select({ id: categories.id }).from(categories).where(eq(categories.manager_id, user.id))
      : [];
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    role: user.role as Role,
    categories: managed,
    re_login: impersonatorId ? { to_user_id: user.id, from_user_id: impersonatorId } : null,
  };
}

/**
 * Checks the password; `passwordWasRight` runs as soon as it is known to be right (the throttle
 * forgets the attempt, also when the account then turns out deactivated). Null on bad credentials.
 */
export async function login(db: Db, email: string, password: string, passwordWasRight: () => Promise<void>): Promise<LoginData | null> {
  const user = await findLiveUserByEmail(db, email);
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !valid) return null;
  await passwordWasRight();
  if (!user.status) throw new AppError(403, 'Your account is deactivated.', 'account_inactive');
  const bearerToken = await createSession(db, user.id);
  return { bearerToken, mergedUserData: await sessionUser(db, user, null) };
}

/** An admin or cm-admin signs in as a station: a new session for the station that remembers who. */
export async function impersonate(db: Db, auth: AuthContext, targetId: number): Promise<LoginData> {
  if (auth.impersonatorId) throw forbidden();
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, targetId), isNull(users.deleted_at)))
      .limit(1);
    if (!target) throw notFound();
    if (!maySignInAs(auth.user, { role: target.role as Role, status: target.status })) throw forbidden();
    await revokeSession(tx, auth.sessionId);
    const bearerToken = await createSession(tx, target.id, auth.user.id);
    await writeAudit(tx, auth, { action: 'impersonation_start', entity: 'users', entityId: target.id });
    return { bearerToken, mergedUserData: await sessionUser(tx, target, auth.user.id) };
  });
}

/** Ends a sign-in-as session and gives the admin a session of their own again. */
export async function backToAdmin(db: Db, auth: AuthContext): Promise<LoginData> {
  const impersonatorId = auth.impersonatorId;
  if (!impersonatorId) throw forbidden();
  const [admin] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, impersonatorId), isNull(users.deleted_at), eq(users.status, true), inArray(users.role, [...IMPERSONATOR_ROLES])))
    .limit(1);
  if (!admin) {
    // The admin lost its rights meanwhile: the station session ends all the same, and nobody
    // gets the admin's session. (A session made for an admin deactivated a moment later is
    // refused when it is used: sessions of inactive users are not live.)
    await revokeSession(db, auth.sessionId);
    throw unauthenticated();
  }
  return db.transaction(async (tx) => {
    await revokeSession(tx, auth.sessionId);
    const bearerToken = await createSession(tx, admin.id);
    await writeAudit(tx, { user: { ...admin, role: admin.role as Role }, impersonatorId: null }, {
      action: 'impersonation_end',
      entity: 'users',
      entityId: auth.user.id,
    });
    return { bearerToken, mergedUserData: await sessionUser(tx, admin, null) };
  });
}
