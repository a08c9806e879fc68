import { eq } from 'drizzle-orm';
import type { LoginData, Role, SsoOutcome } from '@promo/shared';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { roleOf, type OidcSettings } from '../../lib/oidc';
import { revokeUserSessions } from '../../lib/sessions';
import { auditSignInFailure, findLiveUserByEmail, openSession, type UserLanguage } from './service';

export type SsoSignIn =
  | { outcome: 'signed_in'; data: LoginData; roleChanged: boolean }
  | { outcome: SsoOutcome; roleChanged?: false };

const text = (v: unknown, max = 200) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

type UserRecord = typeof users.$inferSelect;

/** A station made by its first sign-in, still without its station name: the admin completes and activates it. */
const isWaitingStation = (u: UserRecord) => !u.status && u.role === 'user' && !u.company_name;

/**
 * Who the provider's person is here (decision 035): the account linked to its subject, else (the
 * first time) the active account of its verified e-mail, which is then linked; else, when its
 * role claim maps to a role, a new account. The role is the claim's at every sign-in. A refusal
 * writes a `sign_in_failed` row with the reason and opens no session.
 */
export async function ssoSignIn(
  db: Db,
  settings: Pick<OidcSettings, 'roleClaim' | 'roleMap' | 'stationClaim'>,
  claims: Record<string, unknown>,
  signIn: { address: string | null; language: UserLanguage | null; ssoIdToken: string },
): Promise<SsoSignIn> {
  const sub = text(claims.sub, 255);
  const email = text(claims.email, 254);
  const verified = claims.email_verified === true;
  const role = roleOf(settings, claims[settings.roleClaim]);
  const refuse = async (outcome: SsoOutcome, userId: number | null = null, reason: `sso_${string}` = `sso_${outcome}`) => {
    await auditSignInFailure(db, email || `sub:${sub}`, signIn.address, reason, userId);
    return { outcome } as const;
  };
  if (!sub) throw new Error('the ID token has no subject');

  let [user]: (UserRecord | undefined)[] = await db.select().from(users).where(eq(users.oidc_subject, sub)).limit(1);
  if (user?.deleted_at) {
    // A deleted account lets go of its subject: the person is matched afresh.
    await db.update(users).set({ oidc_subject: null }).where(eq(users.id, user.id));
    user = undefined;
  }
  if (!user) {
    if (!email || !verified) return refuse('email_unverified');
    const byEmail = await findLiveUserByEmail(db, email);
    // Linked to another person of the provider already: nobody takes over an account by its e-mail.
    if (byEmail?.oidc_subject) return refuse('failed', byEmail.id, 'sso_email_linked_elsewhere');
    if (byEmail) {
      if (!byEmail.status) return refuse(isWaitingStation(byEmail) ? 'waiting' : 'account_inactive', byEmail.id);
      if (!role) return refuse('unmapped_group', byEmail.id);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ oidc_subject: sub }).where(eq(users.id, byEmail.id));
        await writeAudit(tx, null, {
          action: 'update',
          entity: 'users',
          entityId: byEmail.id,
          before: { oidc_subject: null },
          after: { oidc_subject: sub, reason: 'sso_linked_by_email' },
        });
      });
      user = { ...byEmail, oidc_subject: sub };
    } else {
      if (!role) return refuse('unmapped_group');
      const created = await createFromClaims(db, settings, claims, { sub, email, role });
      if (isWaitingStation(created)) return refuse('waiting', created.id);
      user = created;
    }
  }

  const found: UserRecord = user;
  if (!found.status) return refuse(isWaitingStation(found) ? 'waiting' : 'account_inactive', found.id);
  if (!role) return refuse('unmapped_group', found.id);
  const roleChanged = role !== found.role;
  if (roleChanged) {
    const before = found.role;
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role }).where(eq(users.id, found.id));
      // As an admin's change of role does: the sessions of the old role end.
      await revokeUserSessions(tx, found.id);
      await writeAudit(tx, null, { action: 'update', entity: 'users', entityId: found.id, before: { role: before }, after: { role, reason: 'sso_role_claim' } });
    });
  }
  const data = await openSession(db, { ...found, role }, signIn);
  return { outcome: 'signed_in', data, roleChanged };
}

/** A new account of a person whose claim maps to a role: no password, signs in only through the provider. */
async function createFromClaims(
  db: Db,
  settings: Pick<OidcSettings, 'stationClaim'>,
  claims: Record<string, unknown>,
  who: { sub: string; email: string; role: Role },
): Promise<UserRecord> {
  const station = who.role === 'user' && settings.stationClaim ? text(claims[settings.stationClaim]) : '';
  const given = text(claims.given_name) || text(claims.name) || who.email.split('@')[0]!;
  const values = {
    email: who.email,
    password_hash: null,
    name: given,
    surname: text(claims.family_name),
    company_name: station,
    role: who.role,
    // A station without its name waits, inactive, until the admin completes it.
    status: who.role !== 'user' || !!station,
    oidc_subject: who.sub,
    sso_only: true,
  };
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(users).values(values).returning();
    const { email, name, surname, company_name, role, status, sso_only } = created!;
    await writeAudit(tx, null, {
      action: 'create',
      entity: 'users',
      entityId: created!.id,
      after: { email, name, surname, company_name, role, status, sso_only, reason: 'sso_first_sign_in' },
    });
    return created!;
  });
}
