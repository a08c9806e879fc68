import { and, count, eq, ilike, ne } from 'drizzle-orm';
import { withStored, type DesignRow, type DesignsListData, type DesignsListQuery } from '@promo/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { categories, designs, promotionSurfaceDesigns } from '../../db/schema';
import { holdLock } from '../../lib/advisory-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { invalidField, notFound } from '../../lib/errors';
import { containsPattern, orderBy } from '../../lib/sql-helpers';

const sortColumns = { name: designs.name, category: categories.name } as const;

export async function listDesigns(db: Db, q: DesignsListQuery): Promise<DesignsListData> {
  const { input_value, only_category } = q.obj_search;
  const where = and(
    input_value ? ilike(designs.name, containsPattern(input_value)) : undefined,
    only_category ? eq(designs.category_id, only_category) : undefined,
  );
  const [rows, [total], arr_categories] = await Promise.all([
    db
      .select({ id: designs.id, name: designs.name, category_id: designs.category_id, category_name: categories.name })
      .from(designs)
      .innerJoin(categories, eq(categories.id, designs.category_id))
      .where(where)
      .orderBy(...orderBy(sortColumns[q.sort_by], q.sort_count, designs.id))
      .limit(q.count_show)
      .offset(q.start_index),
    db.select({ n: count() }).from(designs).where(where),
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(categories.name),
  ]);
  return {
    designs: rows.map(({ category_name, ...d }): DesignRow => ({ ...d, category: { id: d.category_id, name: category_name } })),
    total: Number(total!.n),
    arr_categories,
  };
}

async function checkBody(db: DbOrTx, body: { name: string; category_id: number }, exceptId?: number) {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, body.category_id));
  if (!category) throw invalidField('category_id', 'unknown_category');
  const [taken] = await db
    .select({ id: designs.id })
    .from(designs)
    .where(and(eq(designs.name, body.name), eq(designs.category_id, body.category_id), exceptId ? ne(designs.id, exceptId) : undefined));
  if (taken) throw invalidField('name', 'name_taken');
}

/** A name in a category is checked and written one save at a time: the rule has no constraint. */
const lockName = (tx: Tx, body: { name: string; category_id: number }) => holdLock(tx, 'design-name', body.category_id, body.name);

export async function createDesign(db: Db, auth: AuthContext, body: { name: string; category_id: number }) {
  return db.transaction(async (tx) => {
    await lockName(tx, body);
    await checkBody(tx, body);
    const [row] = await tx.insert(designs).values({ name: body.name, category_id: body.category_id }).returning();
    await writeAudit(tx, auth, { action: 'create', entity: 'designs', entityId: row!.id, after: row });
    return row!;
  });
}

export async function updateDesign(db: Db, auth: AuthContext, id: number, sent: { name?: string; category_id?: number }) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(designs).where(eq(designs.id, id));
    if (!before) throw notFound();
    const body = withStored({ name: before.name, category_id: before.category_id }, sent);
    await lockName(tx, body);
    await checkBody(tx, body, id);
    const [row] = await tx.update(designs).set({ name: body.name, category_id: body.category_id }).where(eq(designs.id, id)).returning();
    await writeAudit(tx, auth, { action: 'update', entity: 'designs', entityId: id, before, after: row });
    return row!;
  });
}

/** A design that promotions use stays: their briefs and chats hang on it. */
export async function deleteDesign(db: Db, auth: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const [used] = await tx.select({ id: promotionSurfaceDesigns.id }).from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.design_id, id)).limit(1);
    if (used) throw invalidField('id', 'design_in_use');
    const [before] = await tx.delete(designs).where(eq(designs.id, id)).returning();
    if (!before) throw notFound();
    await writeAudit(tx, auth, { action: 'delete', entity: 'designs', entityId: id, before });
  });
}
