import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { maySignInAs, type LoginData, type Role, type SessionUser } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { categories, sessions, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, forbidden, notFound, unauthenticated } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { createSession, IMPERSONATOR_ROLES, revokeSession } from '../../lib/sessions';

export type UserLanguage = 'no' | 'en';

/** The interface language a request names (the web sends its own in Accept-Language), if it is one of the product's. */
export function requestLanguage(acceptLanguage: string | undefined): UserLanguage | null {
  const primary = acceptLanguage?.split(',')[0]?.split(/[-;]/)[0]?.trim().toLowerCase();
  if (primary === 'en') return 'en';
  return primary === 'no' || primary === 'nb' || primary === 'nn' ? 'no' : null;
}

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
 * Every outcome is in the audit log (decision 020): the session and its `sign_in` row in one
 * transaction; a failure as `sign_in_failed` with no actor, the address tried and never the password.
 * A sign-in keeps the interface language it came in, for mail to the user (decision 027).
 */
export async function login(
  db: Db,
  attempt: { email: string; password: string; address: string | null; language: UserLanguage | null },
  passwordWasRight: () => Promise<void>,
): Promise<LoginData | null> {
  const { email, password, address, language } = attempt;
  const user = await findLiveUserByEmail(db, email);
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !valid) {
    await auditSignInFailure(db, email, address, 'invalid_credentials', user?.id ?? null);
    return null;
  }
  await passwordWasRight();
  if (!user.status) {
    await auditSignInFailure(db, email, address, 'account_inactive', user.id);
    throw new AppError(403, 'Your account is deactivated.', 'account_inactive');
  }
  if (user.sso_only) {
    await auditSignInFailure(db, email, address, 'sso_only', user.id);
    throw new AppError(403, 'This account signs in with single sign-on only.', 'sso_only');
  }
  return openSession(db, user, { address, language });
}

type SignInUser = Parameters<typeof sessionUser>[1] & { language: string | null };

/**
 * A signed-in user's new session, the same for every way in (password, single sign-on): the session
 * and its `sign_in` row in one transaction, the interface language kept (decision 027).
 * `sso` marks a session opened through the OpenID Provider (its sign-out also goes there).
 */
export async function openSession(
  db: Db,
  user: SignInUser,
  signIn: { address: string | null; language: UserLanguage | null; ssoIdToken?: string },
): Promise<LoginData> {
  const { address, language, ssoIdToken } = signIn;
  return db.transaction(async (tx) => {
    const bearerToken = await createSession(tx, user.id, null, ssoIdToken ?? null);
    const actor = { user: { ...user, role: user.role as Role }, impersonatorId: null };
    await writeAudit(tx, actor, { action: 'sign_in', entity: 'users', entityId: user.id, after: ssoIdToken ? { address, reason: 'sso' } : { address } });
    if (language && language !== user.language) await tx.update(users).set({ language }).where(eq(users.id, user.id));
    return { bearerToken, mergedUserData: await sessionUser(tx, user, null) };
  });
}

/** The longest e-mail address the log keeps of a failed attempt (RFC 5321's limit). */
const MAX_LOGGED_EMAIL = 254;

/** A refused sign-in: no actor (nobody signed in), the e-mail as typed (cut), the reason; no password. */
export async function auditSignInFailure(
  db: DbOrTx,
  email: string,
  address: string | null,
  reason: 'invalid_credentials' | 'account_inactive' | 'too_many_attempts' | 'sso_only' | `sso_${string}`,
  userId: number | null = null,
): Promise<void> {
  await writeAudit(db, null, {
    action: reason === 'too_many_attempts' ? 'sign_in_throttled' : 'sign_in_failed',
    entity: 'users',
    entityId: userId,
    after: { email: email.slice(0, MAX_LOGGED_EMAIL), address, reason },
  });
}

/**
 * Ends this session; the `sign_out` row goes with it. Answers whether it was a single sign-on's
 * session, and the provider's ID token of it (forgotten here with the session).
 */
export async function logout(db: Db, auth: AuthContext): Promise<{ sso: boolean; idToken: string | null }> {
  return db.transaction(async (tx) => {
    const [session] = await tx.select({ sso: sessions.sso, idToken: sessions.sso_id_token }).from(sessions).where(eq(sessions.id, auth.sessionId));
    await revokeSession(tx, auth.sessionId);
    await writeAudit(tx, auth, { action: 'sign_out', entity: 'users', entityId: auth.user.id });
    return { sso: !!session?.sso, idToken: session?.idToken ?? null };
  });
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
