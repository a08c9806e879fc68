import { inArray, sql } from 'drizzle-orm';
import { auditReferenceOf, type AuditListData, type AuditReferenceKind } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { categories, designs, files, products, promotions, surfaces, users } from '../../db/schema';

/** A user's (a station's) full name. */
export const userName = sql<string>`trim(concat_ws(' ', ${users.name}, nullif(${users.surname}, '')))`;

const NAME_OF = {
  users: { table: users, name: userName },
  promotions: { table: promotions, name: promotions.name },
  surfaces: { table: surfaces, name: surfaces.name },
  products: { table: products, name: products.name },
  categories: { table: categories, name: categories.name },
  designs: { table: designs, name: designs.name },
  files: { table: files, name: files.original_name },
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The names of the things a page of entries refers to by id (`station_id: 7`, `file_id: 443`), one
 * query per kind (decision 031). Gone things have no name: the page shows their id.
 */
export async function referencedNames(db: DbOrTx, rows: { before: unknown; after: unknown }[]): Promise<AuditListData['names']> {
  const ids = new Map<AuditReferenceKind, Set<number>>();
  for (const side of rows.flatMap((r) => [r.before, r.after]).filter(isObject)) {
    for (const [field, value] of Object.entries(side)) {
      const kind = auditReferenceOf(field);
      if (!kind) continue;
      for (const id of [value].flat()) if (Number.isInteger(id)) ids.set(kind, (ids.get(kind) ?? new Set()).add(id as number));
    }
  }
  const found = await Promise.all(
    [...ids].map(async ([kind, set]) => {
      const { table, name } = NAME_OF[kind];
      const t = table as typeof promotions;
      const named = await db.select({ id: t.id, name }).from(t).where(inArray(t.id, [...set]));
      return [kind, Object.fromEntries(named.map((n) => [n.id, n.name]))] as const;
    }),
  );
  return Object.fromEntries(found);
}
