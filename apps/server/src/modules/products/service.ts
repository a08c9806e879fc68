import { and, eq, ne } from 'drizzle-orm';
import { netQuantityErrors, withStored, type ProductBody, type ProductRow, type ProductUpdateBody } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { invalid, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { deleteFiles } from '../../lib/uploads';
import { rowSelect, toRows } from './rows';

export async function getProduct(db: DbOrTx, id: number): Promise<ProductRow | null> {
  const rows = await db
    .select(rowSelect)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(eq(products.id, id));
  return rows[0] ? (await toRows(db, rows))[0]! : null;
}

async function values(db: DbOrTx, body: ProductBody, exceptId?: number) {
  const errors: Record<string, string[]> = netQuantityErrors(body);
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.name, body.category));
  if (!category) errors.category = ['unknown_category'];
  const [taken] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.ean, body.ean), exceptId ? ne(products.id, exceptId) : undefined));
  if (taken) errors.ean = ['ean_taken'];
  if (Object.keys(errors).length) throw invalid(errors);
  const { category: _name, ...rest } = body;
  return { ...rest, category_id: category!.id };
}

export async function createProduct(db: Db, auth: AuthContext, body: ProductBody) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(products).values(await values(tx, body)).returning({ id: products.id });
    const created = (await getProduct(tx, row!.id))!;
    await writeAudit(tx, auth, { action: 'create', entity: 'products', entityId: row!.id, after: created });
    return created;
  });
}

export async function updateProduct(db: Db, auth: AuthContext, id: number, sent: ProductUpdateBody) {
  return db.transaction(async (tx) => {
    const before = await getProduct(tx, id);
    if (!before) throw notFound();
    const { id: _id, url_images: _images, ...stored } = before;
    const body = withStored<ProductBody>(stored, sent);
    await tx.update(products).set(await values(tx, body, id)).where(eq(products.id, id));
    const after = (await getProduct(tx, id))!;
    await writeAudit(tx, auth, { action: 'update', entity: 'products', entityId: id, before, after });
    return after;
  });
}

export async function deleteProduct(db: Db, storage: Storage, auth: AuthContext, id: number) {
  let removeBytes = async () => {};
  await db.transaction(async (tx) => {
    const before = await getProduct(tx, id);
    if (!before) throw notFound();
    const [row] = await tx.delete(products).where(eq(products.id, id)).returning({ image_id: products.image_id });
    removeBytes = await deleteFiles(tx, storage, row!.image_id ? [row!.image_id] : []);
    await writeAudit(tx, auth, { action: 'delete', entity: 'products', entityId: id, before });
  });
  await removeBytes();
}

