import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { withStored, type CategoryBody, type CategoryRow, type CategoryUpdateBody, type Group } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { categories, designs, products, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { invalidField, notFound } from '../../lib/errors';
import { allQueries } from '../../lib/queries';

export async function listCategories(db: DbOrTx): Promise<CategoryRow[]> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      manager_id: categories.manager_id,
      groups: categories.groups,
      required: categories.required,
      manager_name: users.name,
      manager_surname: users.surname,
    })
    .from(categories)
    .leftJoin(users, eq(users.id, categories.manager_id))
    .orderBy(categories.name);
  return rows.map(({ manager_name, manager_surname, ...c }) => ({
    ...c,
    groups: c.groups as Group[],
    manager: c.manager_id && manager_name !== null ? { id: c.manager_id, name: manager_name, surname: manager_surname ?? '' } : null,
  }));
}

async function checkBody(db: DbOrTx, body: CategoryBody, exceptId?: number) {
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.name, body.name), exceptId ? ne(categories.id, exceptId) : undefined));
  if (taken) throw invalidField('name', 'name_taken');
  if (body.manager_id !== null) {
    const [manager] = await db
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.id, body.manager_id), isNull(users.deleted_at)));
    if (!manager || manager.role !== 'cm') throw invalidField('manager_id', 'manager_not_cm');
  }
}

const values = (body: CategoryBody) => ({
  name: body.name,
  manager_id: body.manager_id,
  groups: [...new Set(body.groups)],
  required: body.required,
});

export async function createCategory(db: Db, auth: AuthContext, body: CategoryBody) {
  return db.transaction(async (tx) => {
    await checkBody(tx, body);
    const [row] = await tx.insert(categories).values(values(body)).returning();
    await writeAudit(tx, auth, { action: 'create', entity: 'categories', entityId: row!.id, after: row });
    return row!;
  });
}

export async function updateCategory(db: Db, auth: AuthContext, id: number, sent: CategoryUpdateBody) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!before) throw notFound();
    const body = withStored<CategoryBody>({ ...before, groups: before.groups as Group[] }, sent);
    await checkBody(tx, body, id);
    const [row] = await tx.update(categories).set(values(body)).where(eq(categories.id, id)).returning();
    await writeAudit(tx, auth, { action: 'update', entity: 'categories', entityId: id, before, after: row });
    return row!;
  });
}

/** A category that products or designs use stays: deleting it would orphan them. */
export async function deleteCategory(db: Db, auth: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!before) throw notFound();
    const [[p], [d]] = await allQueries(
      tx,
      () => tx.select({ n: count() }).from(products).where(eq(products.category_id, id)),
      () => tx.select({ n: count() }).from(designs).where(eq(designs.category_id, id)),
    );
    if (Number(p!.n) + Number(d!.n) > 0) throw invalidField('id', 'category_in_use');
    await tx.delete(categories).where(eq(categories.id, id));
    await writeAudit(tx, auth, { action: 'delete', entity: 'categories', entityId: id, before });
  });
}
