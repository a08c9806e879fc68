import { and, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  mayEditUser,
  mayManageRole,
  ROLES,
  USER_TEXT_FIELDS,
  type Group,
  type Role,
  type UserCreateBody,
  type UserRow,
  type UsersListData,
  type UsersListQuery,
  type UserUpdateBody,
} from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { categories, userCategories, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, invalidField, notFound } from '../../lib/errors';
import { accountOf, type LoginThrottle } from '../../lib/login-throttle';
import { hashPassword } from '../../lib/passwords';
import { revokeUserSessions } from '../../lib/sessions';
import { containsPattern, orderBy } from '../../lib/sql-helpers';

const isManager = (role: Role) => role === 'admin' || role === 'cm-admin';

/** Which rows an actor may see (spec 000 §6): a cm sees user, cm, cm-admin; a designer only itself. */
export function visibleTo(actor: AuthContext['user']): SQL | undefined {
  if (isManager(actor.role)) return undefined;
  if (actor.role === 'cm') return inArray(users.role, ['user', 'cm', 'cm-admin']);
  return eq(users.id, actor.id);
}

const sortColumns = {
  name: users.name,
  company: users.company_name,
  role: users.role,
  email: users.email,
  phone: users.phone,
  address: users.post_address,
  status: users.status,
} as const;

function searchCondition(field: UsersListQuery['obj_search']['field'], text: string): SQL | undefined {
  if (!text) return undefined;
  const p = containsPattern(text);
  const byField: Record<string, SQL | undefined> = {
    company: ilike(users.company_name, p),
    role: ilike(users.role, p),
    email: ilike(users.email, p),
    phone: or(ilike(users.phone, p), ilike(users.phone_2, p)),
    address: or(ilike(users.post_address, p), ilike(users.postcode, p), ilike(users.kommune, p), ilike(users.c_o, p)),
  };
  if (field !== 'all') return byField[field];
  return or(ilike(users.name, p), ilike(users.surname, p), ...Object.values(byField));
}

const rowColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  ...Object.fromEntries(USER_TEXT_FIELDS.map((f) => [f, users[f]])),
  status: users.status,
  group: users.group,
  role: users.role,
  sso_only: users.sso_only,
} as Record<string, (typeof users)[keyof typeof users.$inferSelect]>;

async function withCategoryIds(db: DbOrTx, rows: Omit<UserRow, 'category_ids'>[]): Promise<UserRow[]> {
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db.select().from(userCategories).where(inArray(userCategories.user_id, ids))
    : [];
  return rows.map((r) => ({
    ...r,
    category_ids: links.filter((l) => l.user_id === r.id).map((l) => l.category_id),
  }));
}

/** The page of users the actor may see; `locked` names the accounts locked for new browsers (decision 027). */
export async function listUsers(
  db: Db,
  actor: AuthContext['user'],
  q: UsersListQuery,
  locked: (emails: string[]) => Promise<Set<string>>,
): Promise<UsersListData> {
  const where = and(
    isNull(users.deleted_at),
    visibleTo(actor),
    q.obj_search.admin_only ? inArray(users.role, ['admin', 'cm-admin']) : undefined,
    searchCondition(q.obj_search.field, q.obj_search.input_value),
  );
  const [rows, [totalRow], arr_categories] = await Promise.all([
    db
      .select(rowColumns as never)
      .from(users)
      .where(where)
      .orderBy(...orderBy(sortColumns[q.sort_by], q.sort_count, users.id))
      .limit(q.count_show)
      .offset(q.start_index) as Promise<Omit<UserRow, 'category_ids'>[]>,
    db.select({ total: count() }).from(users).where(where),
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(categories.name),
  ]);
  const [withIds, lockedAccounts] = await Promise.all([withCategoryIds(db, rows), locked(rows.map((r) => r.email))]);
  const list = withIds.map((r) => ({ ...r, sign_in_locked: lockedAccounts.has(accountOf(r.email)) }));
  return { users: list, total: Number(totalRow?.total ?? 0), arr_categories };
}

export async function getUserRow(db: DbOrTx, id: number): Promise<UserRow | null> {
  const rows = (await db
    .select(rowColumns as never)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deleted_at)))) as Omit<UserRow, 'category_ids'>[];
  return rows[0] ? (await withCategoryIds(db, rows))[0]! : null;
}

async function assertEmailFree(db: DbOrTx, email: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        isNull(users.deleted_at),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw invalidField('email', 'email_taken');
}

async function assertCategoriesExist(db: DbOrTx, ids: number[]) {
  if (!ids.length) return;
  const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  if (found.length !== new Set(ids).size) throw invalidField('category_ids', 'unknown_category');
}

async function setCategories(db: DbOrTx, userId: number, ids: number[]) {
  await db.delete(userCategories).where(eq(userCategories.user_id, userId));
  const unique = [...new Set(ids)];
  if (unique.length) await db.insert(userCategories).values(unique.map((category_id) => ({ user_id: userId, category_id })));
}

function textValues(body: Partial<Record<(typeof USER_TEXT_FIELDS)[number], string>>) {
  return Object.fromEntries(USER_TEXT_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
}

export async function createUser(db: Db, auth: AuthContext, body: UserCreateBody): Promise<UserRow> {
  if (!mayManageRole(auth.user.role, body.role)) throw forbidden();
  const password_hash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await assertEmailFree(tx, body.email);
    await assertCategoriesExist(tx, body.category_ids);
    const [created] = await tx
      .insert(users)
      .values({
        email: body.email,
        password_hash,
        name: body.name,
        ...textValues(body),
        status: body.status,
        group: body.group ?? null,
        role: body.role,
        sso_only: body.sso_only,
      })
      .returning({ id: users.id });
    await setCategories(tx, created!.id, body.category_ids);
    const row = (await getUserRow(tx, created!.id))!;
    await writeAudit(tx, auth, { action: 'create', entity: 'users', entityId: row.id, after: row });
    return row;
  });
}

const PRIVILEGED_FIELDS = ['role', 'status', 'group', 'category_ids', 'sso_only'] as const;

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return [...a].sort().join() === [...b].sort().join();
  return (a ?? null) === (b ?? null);
}

export async function updateUser(db: Db, auth: AuthContext, id: number, body: UserUpdateBody): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const before = await getUserRow(tx, id);
    if (!before) throw notFound();
    const actor = auth.user;
    if (!mayEditUser(actor, before)) throw forbidden();
    if (isManager(actor.role)) {
      if (body.role && !mayManageRole(actor.role, body.role)) throw forbidden();
    } else if (PRIVILEGED_FIELDS.some((f) => body[f] !== undefined && !sameValue(body[f], before[f]))) {
      // Anyone may edit their own row, but not their role, status, group or categories.
      throw forbidden();
    }
    if (body.email !== undefined) await assertEmailFree(tx, body.email, id);
    if (body.category_ids !== undefined) await assertCategoriesExist(tx, body.category_ids);

    const values = {
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...textValues(body),
      ...(body.status !== undefined ? { status: body.status } : {}),
      ...(body.group !== undefined ? { group: (body.group ?? null) as Group | null } : {}),
      ...(body.role !== undefined ? { role: body.role } : {}),
      ...(body.sso_only !== undefined ? { sso_only: body.sso_only } : {}),
    };
    if (Object.keys(values).length) await tx.update(users).set(values).where(eq(users.id, id));
    if (body.category_ids !== undefined) await setCategories(tx, id, body.category_ids);
    const after = (await getUserRow(tx, id))!;
    if ((before.status && !after.status) || before.role !== after.role) await revokeUserSessions(tx, id);
    await writeAudit(tx, auth, { action: 'update', entity: 'users', entityId: id, before, after });
    return after;
  });
}

async function manageableTarget(db: DbOrTx, auth: AuthContext, id: number): Promise<UserRow> {
  const target = await getUserRow(db, id);
  if (!target) throw notFound();
  if (!mayManageRole(auth.user.role, target.role)) throw forbidden();
  return target;
}

/** A delete hides the user everywhere but keeps the row, so messages and history stay attributable. */
export async function deleteUser(db: Db, auth: AuthContext, id: number): Promise<void> {
  if (id === auth.user.id) throw invalidField('id', 'cannot_delete_self');
  await db.transaction(async (tx) => {
    const before = await manageableTarget(tx, auth, id);
    await tx.update(users).set({ deleted_at: new Date() }).where(eq(users.id, id));
    await tx.update(categories).set({ manager_id: null }).where(eq(categories.manager_id, id));
    await revokeUserSessions(tx, id);
    await writeAudit(tx, auth, { action: 'delete', entity: 'users', entityId: id, before });
  });
}

export async function updatePassword(db: Db, auth: AuthContext, id: number, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await manageableTarget(tx, auth, id);
    await tx.update(users).set({ password_hash }).where(eq(users.id, id));
    await revokeUserSessions(tx, id);
    await writeAudit(tx, auth, { action: 'update_password', entity: 'users', entityId: id });
  });
}

/** An admin lifts the user's sign-in lockout (decision 027), in the audit log as any change of the user. */
export async function unlockSignIn(db: Db, throttle: LoginThrottle, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await manageableTarget(tx, auth, id);
    await throttle.lift(tx, target.email);
    await writeAudit(tx, auth, { action: 'sign_in_unlocked', entity: 'users', entityId: id });
  });
}

export async function managedCategory(db: Db, id: number) {
  const found = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.manager_id, id))
    .orderBy(categories.name);
  return { category: found[0] ?? null, categories: found };
}

/** Active users of a role, among the rows the users list shows the actor (a cm: no admins or designers). */
export async function usersByRole(db: Db, actor: AuthContext['user'], role: Role) {
  const found = await db
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email })
    .from(users)
    .where(and(eq(users.role, role), eq(users.status, true), isNull(users.deleted_at), visibleTo(actor)))
    .orderBy(users.name);
  return found;
}

export function assignableRoles(actor: Role): Role[] {
  return ROLES.filter((r) => mayManageRole(actor, r) || !isManager(actor));
}
