import { and, count, eq, ilike, inArray, isNull, max, ne, sql, type SQL } from 'drizzle-orm';
import { withStored, type SurfaceBody, type SurfaceRow, type SurfacesListData, type SurfacesListQuery, type SurfaceUpdateBody } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { categories, promotionSurfaces, surfaceCategories, surfaceSizes, surfaces, surfaceTypes, users } from '../../db/schema';
import { holdLock } from '../../lib/advisory-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { invalid, invalidField, notFound } from '../../lib/errors';
import { urlImagesFor } from '../../lib/images';
import { containsPattern, orderBy, pageTotal } from '../../lib/sql-helpers';
import type { Storage } from '../../lib/storage';
import { deleteFiles } from '../../lib/uploads';
import { noMemory, type Remember } from '../../lib/read-caches';

const sortColumns = {
  vendor_code: surfaces.vendor_code,
  name: surfaces.name,
  type_surface: surfaces.type_surface,
  size_surface: surfaces.size_surface,
  description: surfaces.description,
  divided_bool: surfaces.divided_bool,
  price: surfaces.price,
} as const;

/** The surfaces page's search fields (spec 000 §2); the station's planner searches the same way. */
export function surfaceSearchCondition(field: SurfacesListQuery['obj_search']['field'], text: string): SQL | undefined {
  if (!text) return undefined;
  const p = containsPattern(text);
  switch (field) {
    case 'vendor_code':
      return sql`${surfaces.vendor_code}::text like ${`${text.replace(/\D/g, '')}%`}`;
    case 'name':
      return ilike(surfaces.name, p);
    case 'type':
      return ilike(surfaces.type_surface, p);
    case 'size':
      return ilike(surfaces.size_surface, p);
    case 'description':
      return ilike(surfaces.description, p);
    case 'categories':
      return sql`exists (select 1 from ${surfaceCategories} join ${categories} on ${categories.id} = ${surfaceCategories.category_id}
        where ${surfaceCategories.surface_id} = ${surfaces.id} and ${categories.name} ilike ${p})`;
  }
}

async function toRows(db: DbOrTx, rows: (typeof surfaces.$inferSelect & { printer_name: string | null })[]): Promise<SurfaceRow[]> {
  const ids = rows.map((r) => r.id);
  const [links, images] = await Promise.all([
    ids.length ? db.select().from(surfaceCategories).where(inArray(surfaceCategories.surface_id, ids)) : [],
    urlImagesFor(db, rows.map((r) => r.image_id)),
  ]);
  return rows.map((r) => ({
    id: r.id,
    vendor_code: r.vendor_code,
    name: r.name,
    type_surface: r.type_surface,
    size_surface: r.size_surface,
    price: r.price,
    description: r.description,
    divided_bool: r.divided_bool,
    status: r.status,
    printer_id: r.printer_id,
    printer: r.printer_id && r.printer_name !== null ? { id: r.printer_id, name: r.printer_name } : null,
    category_ids: links.filter((l) => l.surface_id === r.id).map((l) => l.category_id),
    url_images: r.image_id ? (images.get(r.image_id) ?? null) : null,
  }));
}

const selectRow = (db: DbOrTx) =>
  db
    .select({ surface: surfaces, printer_name: users.name })
    .from(surfaces)
    .leftJoin(users, eq(users.id, surfaces.printer_id));

/** Types and sizes change rarely and come with every list: `remember` lets the route keep them (decision 008). */
export async function listSurfaces(db: Db, q: SurfacesListQuery, remember: Remember = noMemory): Promise<SurfacesListData> {
  const where = surfaceSearchCondition(q.obj_search.field, q.obj_search.input_value);
  const rows = await selectRow(db)
    .where(where)
    .orderBy(...orderBy(sortColumns[q.sort_by], q.sort_count, surfaces.id))
    .limit(q.count_show)
    .offset(q.start_index);
  const [total, [arr_type_surfaces, arr_size_surfaces], surfaceRows] = await Promise.all([
    pageTotal(q, rows.length, async () => Number((await db.select({ n: count() }).from(surfaces).where(where))[0]!.n)),
    Promise.all([
      remember('surface types', () => db.select({ id: surfaceTypes.id, name: surfaceTypes.name }).from(surfaceTypes).orderBy(surfaceTypes.name)),
      remember('surface sizes', () => db.select({ id: surfaceSizes.id, name: surfaceSizes.name }).from(surfaceSizes).orderBy(surfaceSizes.name)),
    ]),
    toRows(db, rows.map((r) => ({ ...r.surface, printer_name: r.printer_name }))),
  ]);
  return { surfaces: surfaceRows, total, arr_type_surfaces, arr_size_surfaces };
}

export async function getSurface(db: DbOrTx, id: number): Promise<SurfaceRow | null> {
  const rows = await selectRow(db).where(eq(surfaces.id, id));
  if (!rows[0]) return null;
  return (await toRows(db, [{ ...rows[0].surface, printer_name: rows[0].printer_name }]))[0]!;
}

async function checkBody(db: DbOrTx, body: SurfaceBody, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  const [taken] = await db
    .select({ id: surfaces.id })
    .from(surfaces)
    .where(and(eq(surfaces.vendor_code, body.vendor_code), exceptId ? ne(surfaces.id, exceptId) : undefined));
  if (taken) errors.vendor_code = ['vendor_code_taken'];
  if (body.type_surface) {
    const [t] = await db.select().from(surfaceTypes).where(eq(surfaceTypes.name, body.type_surface));
    if (!t) errors.type_surface = ['unknown_type'];
  }
  if (body.size_surface) {
    const [s] = await db.select().from(surfaceSizes).where(eq(surfaceSizes.name, body.size_surface));
    if (!s) errors.size_surface = ['unknown_size'];
  }
  if (body.printer_id !== null) {
    const [p] = await db
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.id, body.printer_id), isNull(users.deleted_at)));
    if (p?.role !== 'printer') errors.printer_id = ['printer_not_found'];
  }
  if (body.category_ids.length) {
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, body.category_ids));
    if (found.length !== new Set(body.category_ids).size) errors.category_ids = ['unknown_category'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/** Flag 0 ('is to be divided') always means divided_bool (spec 000 §4). */
const values = (body: SurfaceBody) => ({
  vendor_code: body.vendor_code,
  name: body.name,
  type_surface: body.type_surface,
  size_surface: body.size_surface,
  price: body.price,
  description: body.description,
  divided_bool: body.status.includes(0) ? true : body.divided_bool,
  status: [...new Set(body.status)].sort(),
  printer_id: body.printer_id,
});

async function setCategories(db: DbOrTx, surfaceId: number, ids: number[]) {
  await db.delete(surfaceCategories).where(eq(surfaceCategories.surface_id, surfaceId));
  const unique = [...new Set(ids)];
  if (unique.length) await db.insert(surfaceCategories).values(unique.map((category_id) => ({ surface_id: surfaceId, category_id })));
}

export async function createSurface(db: Db, auth: AuthContext, body: SurfaceBody) {
  return db.transaction(async (tx) => {
    await checkBody(tx, body);
    const [row] = await tx.insert(surfaces).values(values(body)).returning({ id: surfaces.id });
    await setCategories(tx, row!.id, body.category_ids);
    const created = (await getSurface(tx, row!.id))!;
    await writeAudit(tx, auth, { action: 'create', entity: 'surfaces', entityId: row!.id, after: created });
    return created;
  });
}

export async function updateSurface(db: Db, auth: AuthContext, id: number, sent: SurfaceUpdateBody) {
  return db.transaction(async (tx) => {
    const before = await getSurface(tx, id);
    if (!before) throw notFound();
    const body = withStored<SurfaceBody>({ ...before, status: before.status as SurfaceBody['status'] }, sent);
    await checkBody(tx, body, id);
    await tx.update(surfaces).set(values(body)).where(eq(surfaces.id, id));
    await setCategories(tx, id, body.category_ids);
    const after = (await getSurface(tx, id))!;
    await writeAudit(tx, auth, { action: 'update', entity: 'surfaces', entityId: id, before, after });
    return after;
  });
}

/** Deletes the surface with its image files (not while a promotion uses it); the bytes go once the rows are gone. */
export async function deleteSurface(db: Db, storage: Storage, auth: AuthContext, id: number) {
  let removeBytes = async () => {};
  await db.transaction(async (tx) => {
    const before = await getSurface(tx, id);
    if (!before) throw notFound();
    const [used] = await tx.select({ id: promotionSurfaces.id }).from(promotionSurfaces).where(eq(promotionSurfaces.surface_id, id)).limit(1);
    if (used) throw invalidField('id', 'surface_in_use');
    const [row] = await tx.delete(surfaces).where(eq(surfaces.id, id)).returning({ image_id: surfaces.image_id });
    removeBytes = await deleteFiles(tx, storage, row!.image_id ? [row!.image_id] : []);
    await writeAudit(tx, auth, { action: 'delete', entity: 'surfaces', entityId: id, before });
  });
  await removeBytes();
}

export async function createType(db: Db, auth: AuthContext, name: string) {
  return db.transaction(async (tx) => {
    // The rule ignores case and the constraint does not: one save of a name, in any case, at a time.
    await holdLock(tx, 'surface-type', name.toLowerCase());
    const [existing] = await tx.select().from(surfaceTypes).where(sql`lower(${surfaceTypes.name}) = lower(${name})`);
    if (existing) throw invalidField('new_type', 'type_exists');
    const [row] = await tx.insert(surfaceTypes).values({ name }).returning();
    await writeAudit(tx, auth, { action: 'create', entity: 'surface_types', entityId: row!.id, after: { name } });
    return row!;
  });
}

export async function createSize(db: Db, auth: AuthContext, name: string) {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(surfaceSizes).where(eq(surfaceSizes.name, name));
    if (existing) throw invalidField('new_size', 'size_exists');
    const [row] = await tx.insert(surfaceSizes).values({ name }).returning();
    await writeAudit(tx, auth, { action: 'create', entity: 'surface_sizes', entityId: row!.id, after: { name } });
    return row!;
  });
}

/**
 * A copy of a surface under a new name and the next free vendor code; with bool_clone the copy
 * also gets the image (the same bytes, as its own files).
 */
export async function cloneSurface(db: Db, auth: AuthContext, body: { surface_id: number; name: string; bool_clone: boolean }) {
  return db.transaction(async (tx) => {
    const source = await getSurface(tx, body.surface_id);
    if (!source) throw invalidField('surface_id', 'not_found');
    await tx.execute(sql`lock table ${surfaces} in share row exclusive mode`);
    const [top] = await tx.select({ v: max(surfaces.vendor_code) }).from(surfaces);
    const [row] = await tx
      .insert(surfaces)
      .values({
        vendor_code: Number(top?.v ?? 0) + 1,
        name: body.name,
        type_surface: source.type_surface,
        size_surface: source.size_surface,
        price: source.price,
        description: source.description,
        divided_bool: source.divided_bool,
        status: source.status,
        printer_id: source.printer_id,
      })
      .returning({ id: surfaces.id });
    await setCategories(tx, row!.id, source.category_ids);
    await writeAudit(tx, auth, { action: 'clone', entity: 'surfaces', entityId: row!.id, before: { from: source.id } });
    return { id: row!.id, copyImageFrom: body.bool_clone ? source.id : null };
  });
}

