import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { withStored, type ProductBody, type ProductRow, type ProductsListData, type ProductsListQuery, type ProductUpdateBody } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { invalid, notFound } from '../../lib/errors';
import { urlImagesFor } from '../../lib/images';
import { containsPattern, orderBy, pageTotal } from '../../lib/sql-helpers';
import type { Storage } from '../../lib/storage';
import { deleteFiles } from '../../lib/uploads';
import { noMemory, type Remember } from '../../lib/read-caches';

const sortColumns = {
  ean: products.ean,
  vendor_code: products.vendor_code,
  name: products.name,
  category: categories.name,
  sub_category: products.sub_category,
  provider_name: products.provider_name,
  manufacturer: products.manufacturer,
  price_per_item: products.price_per_item,
  status: products.status,
} as const;

/** Matches no row: a search that cannot be a number finds nothing (it found every product). */
const NOTHING = sql`false`;

/** The digits of an EAN or vendor code search, spaces allowed between them; null for anything else. */
function digitsOf(text: string): string | null {
  const digits = text.replace(/\s/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/**
 * A price search finds the prices that begin with what was typed, counting from the decimal
 * point: '12,5' or '12.5' finds 12.50 to 12.59, '12' finds 12.00 to 12.99, never 125.20. That is a
 * prefix of the price written with its two decimals, whole kroner kept whole; comma or point.
 */
function priceRange(text: string): SQL {
  const match = /^(\d{1,10})(?:[.,](\d{0,2}))?$/.exec(text.replace(/\s/g, ''));
  if (!match) return NOTHING;
  const [, kroner, decimals = ''] = match;
  const from = `${kroner}.${decimals.padEnd(2, '0')}`;
  const step = ['1', '0.1', '0.01'][decimals.length]!;
  return sql`(${products.price_per_item} >= ${from}::numeric and ${products.price_per_item} < ${from}::numeric + ${step}::numeric)`;
}

function searchCondition(field: ProductsListQuery['obj_search']['field'], text: string): SQL | undefined {
  if (!text) return undefined;
  switch (field) {
    case 'ean':
    case 'vendor_code': {
      const digits = digitsOf(text);
      return digits ? sql`${products[field]}::text like ${`${digits}%`}` : NOTHING;
    }
    case 'price_per_item':
      return priceRange(text);
    case 'name':
      return ilike(products.name, containsPattern(text));
    case 'provider_name':
      return ilike(products.provider_name, containsPattern(text));
    case 'manufacturer':
      return ilike(products.manufacturer, containsPattern(text));
  }
}

const rowSelect = {
  product: products,
  category: categories.name,
};


async function toRows(db: DbOrTx, rows: { product: typeof products.$inferSelect; category: string }[]): Promise<ProductRow[]> {
  const images = await urlImagesFor(db, rows.map((r) => r.product.image_id));
  return rows.map(({ product: { image_id, category_id: _c, created_at: _a, updated_at: _b, ...p }, category }) => ({
    ...p,
    category,
    url_images: image_id ? (images.get(image_id) ?? null) : null,
  }));
}

/**
 * The filters' choices (every category, the sub-categories of the chosen one) change rarely and
 * the sub-categories scan every product: `remember` lets the route keep them (decision 008).
 */
export async function listProducts(db: Db, q: ProductsListQuery, remember: Remember = noMemory): Promise<ProductsListData> {
  const { field, input_value, only_category, only_subcategory } = q.obj_search;
  const where = and(
    searchCondition(field, input_value),
    only_category ? eq(categories.name, only_category) : undefined,
    only_subcategory ? eq(products.sub_category, only_subcategory) : undefined,
  );
  const rows = await db
    .select(rowSelect)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(where)
    .orderBy(...orderBy(sortColumns[q.sort_by], q.sort_count, products.id))
    .limit(q.count_show)
    .offset(q.start_index);
  const [total, cats, subs, productRows] = await Promise.all([
    pageTotal(q, rows.length, async () => {
      const [counted] = await db
        .select({ n: count() })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.category_id))
        .where(where);
      return Number(counted!.n);
    }),
    remember('product categories', async () =>
      (await db.select({ name: categories.name }).from(categories).orderBy(asc(categories.name))).map((c) => c.name),
    ),
    remember(`product sub-categories ${only_category}`, async () =>
      (
        await db
          .selectDistinct({ name: products.sub_category })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.category_id))
          .where(only_category ? eq(categories.name, only_category) : undefined)
          .orderBy(asc(products.sub_category))
      ).map((s) => s.name),
    ),
    toRows(db, rows),
  ]);
  return {
    products: productRows,
    total,
    categories: cats,
    sub_categories: subs,
  };
}

export async function getProduct(db: DbOrTx, id: number): Promise<ProductRow | null> {
  const rows = await db
    .select(rowSelect)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(eq(products.id, id));
  return rows[0] ? (await toRows(db, rows))[0]! : null;
}

async function values(db: DbOrTx, body: ProductBody, exceptId?: number) {
  const errors: Record<string, string[]> = {};
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

