import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SignProductChoice, SignTemplateCandidate } from '@promo/shared';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { categories, designs, products, signTemplates } from '../../db/schema';
import { containsPattern } from '../../lib/sql-helpers';
import { designCategoryScope } from '../promotion-design/category-scope';

/** How many rows a search answers. */
const LIMIT = 20;

/**
 * Products for a template's preview, for who may lay out templates (signs.manageTemplates) but not
 * see the catalogue: by name (contains) or EAN (starts with); only what a sign shows of a product.
 */
export async function searchSignProducts(db: Db, search: string): Promise<SignProductChoice[]> {
  const digits = /^\d+$/.test(search);
  // An EAN is stored as a number: its leading zeros are not in its text.
  const eanPrefix = search.replace(/^0+(?=\d)/, '');
  const where = !search ? undefined : or(ilike(products.name, containsPattern(search)), ...(digits ? [sql`${products.ean}::text like ${eanPrefix + '%'}`] : []));
  const rows = await db
    .select({ id: products.id, name: products.name, ean: products.ean, net_quantity: products.net_quantity, net_unit: products.net_unit })
    .from(products)
    .where(where)
    .orderBy(desc(products.status), asc(products.name), asc(products.id))
    .limit(LIMIT);
  return rows.map((r) => ({ ...r, ean: String(r.ean).padStart(13, '0'), net_quantity: r.net_quantity === null ? null : Number(r.net_quantity) }));
}

/** Catalogue designs that are no template yet, by name: what "make a template" offers (in the caller's scope, as the templates list). */
export async function templateCandidates(db: Db, auth: AuthContext, search: string): Promise<SignTemplateCandidate[]> {
  const scope = await designCategoryScope(db, auth);
  const rows = await db
    .select({ id: designs.id, name: designs.name, category_id: categories.id, category_name: categories.name })
    .from(designs)
    .innerJoin(categories, eq(categories.id, designs.category_id))
    .leftJoin(signTemplates, eq(signTemplates.design_id, designs.id))
    .where(
      and(
        isNull(signTemplates.design_id),
        search ? ilike(designs.name, containsPattern(search)) : undefined,
        scope ? inArray(designs.category_id, scope.length ? scope : [-1]) : undefined,
      ),
    )
    .orderBy(asc(designs.name), asc(designs.id))
    .limit(LIMIT);
  return rows.map((r) => ({ id: r.id, name: r.name, category: { id: r.category_id, name: r.category_name } }));
}
