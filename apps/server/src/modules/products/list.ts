import { and, asc, count, eq, ilike, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ProductsListData, ProductsListQuery } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema';
import { EXACT_TOTAL_LIMIT, plannedRows } from '../../lib/estimated-total';
import { noMemory, type Remember } from '../../lib/read-caches';
import { containsPattern, orderBy } from '../../lib/sql-helpers';
import { rowSelect, toRows, type SelectedRow } from './rows';

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

/**
 * How a search's values enter its statement: as they are, or as named placeholders of a statement
 * prepared once for every search of the same shape (the values are collected for its execution).
 */
type Bind = (name: string, value: string) => string | SQLWrapper;
const asValue: Bind = (_name, value) => value;

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
function priceRange(text: string, bind: Bind): SQL {
  const match = /^(\d{1,10})(?:[.,](\d{0,2}))?$/.exec(text.replace(/\s/g, ''));
  if (!match) return NOTHING;
  const [, kroner, decimals = ''] = match;
  const from = bind('from', `${kroner}.${decimals.padEnd(2, '0')}`);
  const step = bind('step', ['1', '0.1', '0.01'][decimals.length]!);
  return sql`(${products.price_per_item} >= ${from}::numeric and ${products.price_per_item} < ${from}::numeric + ${step}::numeric)`;
}

function searchCondition(field: ProductsListQuery['obj_search']['field'], text: string, bind: Bind): SQL | undefined {
  if (!text) return undefined;
  switch (field) {
    case 'ean':
    case 'vendor_code': {
      const digits = digitsOf(text);
      return digits ? sql`${products[field]}::text like ${bind('pattern', `${digits}%`)}` : NOTHING;
    }
    case 'price_per_item':
      return priceRange(text, bind);
    case 'name':
    case 'provider_name':
    case 'manufacturer':
      return ilike(products[field], bind('pattern', containsPattern(text)));
  }
}

function whereOf(q: ProductsListQuery, bind: Bind): SQL | undefined {
  const { field, input_value, only_category, only_subcategory } = q.obj_search;
  return and(
    searchCondition(field, input_value, bind),
    only_category ? eq(categories.name, bind('category', only_category)) : undefined,
    only_subcategory ? eq(products.sub_category, bind('sub_category', only_subcategory)) : undefined,
  );
}

const matching = (db: DbOrTx, where: SQL | undefined) =>
  db.select({ id: products.id }).from(products).innerJoin(categories, eq(categories.id, products.category_id)).where(where);

/** More matches than are counted exactly: the planner's estimate, at least what is known to exist. */
async function estimatedTotal(db: DbOrTx, where: SQL | undefined, atLeast: number): Promise<number> {
  return Math.max(await plannedRows(db, matching(db, where)), atLeast);
}

interface ProductPage {
  rows: SelectedRow[];
  total: number;
  estimated: boolean;
}

/** The first EXACT_TOTAL_LIMIT + 1 matches in the list's order (ids and sort keys only). */
function hitsOf(db: DbOrTx, q: ProductsListQuery, where: SQL | undefined) {
  const sortColumn = sortColumns[q.sort_by];
  return db.$with('hits').as(
    db
      .select({ id: products.id, key: sql`${sortColumn}`.as('sort_key') })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.category_id))
      .where(where)
      .orderBy(...orderBy(sortColumn, q.sort_count, products.id))
      .limit(EXACT_TOTAL_LIMIT + 1),
  );
}

/**
 * The statement of a page and its matches' count for one shape of search (field, whether text and
 * filters are given, sort): the matches are counted and the page is cut from them before its rows
 * are read (25 rows joined, not 1,001). Prepared once per database and shape, so that a search
 * costs its execution only: no query building in Node, no parsing or planning in PostgreSQL.
 */
function pageStatement(db: Db, q: ProductsListQuery, where: SQL | undefined) {
  const hits = hitsOf(db, q, where);
  const cut = db.$with('page').as(
    db
      .select({ id: hits.id, key: hits.key })
      .from(hits)
      .orderBy(...orderBy(sql`${hits.key}`, q.sort_count, hits.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  return db
    .with(hits, cut)
    .select({ ...rowSelect, matched: sql<number>`(select count(*) from ${hits})`.mapWith(Number) })
    .from(cut)
    .innerJoin(products, eq(products.id, cut.id))
    .innerJoin(categories, eq(categories.id, products.category_id))
    .orderBy(...orderBy(sql`${cut.key}`, q.sort_count, cut.id))
    .prepare(`products_page_${statementCount++}`);
}

let statementCount = 0;
const statements = new WeakMap<Db, Map<string, ReturnType<typeof pageStatement>>>();

/** A page of the matches and their total: exact up to EXACT_TOTAL_LIMIT, else the estimate. */
async function matchingPage(db: Db, q: ProductsListQuery): Promise<ProductPage> {
  if (q.start_index + q.count_show > EXACT_TOTAL_LIMIT) return deepPage(db, q, whereOf(q, asValue));
  const values: Record<string, unknown> = { limit: q.count_show, offset: q.start_index };
  const bindings: string[] = [];
  const where = whereOf(q, (name, value) => {
    values[name] = value;
    bindings.push(name);
    return sql.placeholder(name);
  });
  const shape = [q.obj_search.field, q.sort_by, q.sort_count, ...bindings, where ? 'where' : 'all'].join(' ');
  const known = statements.get(db) ?? new Map<string, ReturnType<typeof pageStatement>>();
  statements.set(db, known);
  let statement = known.get(shape);
  if (!statement) known.set(shape, (statement = pageStatement(db, q, where)));
  const page = await statement.execute(values);
  const rows = page.map(({ product, category }) => ({ product, category }));
  // A page past the last match has no row to carry the count: count the capped matches alone.
  const hits = hitsOf(db, q, whereOf(q, asValue));
  const matched = page[0]?.matched ?? (q.start_index === 0 ? 0 : Number((await db.with(hits).select({ n: count() }).from(hits))[0]!.n));
  if (matched <= EXACT_TOTAL_LIMIT) return { rows, total: matched, estimated: false };
  // Browsing (no text: the catalogue, a category) is counted exactly; a broad search is estimated.
  if (!q.obj_search.input_value) return { rows, total: await db.$count(matching(db, whereOf(q, asValue)).as('matches')), estimated: false };
  return { rows, total: await estimatedTotal(db, whereOf(q, asValue), EXACT_TOTAL_LIMIT + 1), estimated: true };
}

/** A page beyond the exactly counted matches, read as a plain page. */
async function deepPage(db: Db, q: ProductsListQuery, where: SQL | undefined): Promise<ProductPage> {
  const rows = await db
    .select(rowSelect)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(where)
    .orderBy(...orderBy(sortColumns[q.sort_by], q.sort_count, products.id))
    .limit(q.count_show)
    .offset(q.start_index);
  if (rows.length === q.count_show) {
    if (!q.obj_search.input_value) return { rows, total: await db.$count(matching(db, where).as('matches')), estimated: false };
    return { rows, total: await estimatedTotal(db, where, q.start_index + rows.length + 1), estimated: true };
  }
  if (rows.length > 0) return { rows, total: q.start_index + rows.length, estimated: false };
  // Past the last match (a page asked for by hand): fewer matches than the page's start, counted.
  return { rows, total: await db.$count(matching(db, where).as('matches')), estimated: false };
}

/**
 * A page of products with its total (exact up to EXACT_TOTAL_LIMIT matches and when browsing
 * without a search text; a broader search gets the database's estimate, flagged: issue 13). The filters' choices (every category, the sub-categories of the
 * chosen one) change rarely and the sub-categories scan every product: `remember` lets the route
 * keep them (decision 008).
 */
export async function listProducts(db: Db, q: ProductsListQuery, remember: Remember = noMemory): Promise<ProductsListData> {
  const { only_category } = q.obj_search;
  const [page, cats, subs] = await Promise.all([
    matchingPage(db, q),
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
  ]);
  return {
    products: await toRows(db, page.rows),
    total: page.total,
    total_estimated: page.estimated,
    categories: cats,
    sub_categories: subs,
  };
}
