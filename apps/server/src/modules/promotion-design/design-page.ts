import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { BriefBody, BriefFile, BriefProduct, DesignPageData, DesignStatusEventPayload, PsdStatus, UrlImages } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { briefFiles, briefProducts, categories, designs, files, products, promotions, promotionSurfaceDesigns, surfaces, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { urlImagesFor } from '../../lib/images';
import { sanitizeRichText } from '../../lib/rich-text';
import { containsPattern } from '../../lib/sql-helpers';
import type { Storage } from '../../lib/storage';
import { deleteFiles } from '../../lib/uploads';
import { openPinsOf } from '../proofing/open-pins';
import { visiblePsd } from './psd-access';
import { assertNotSentToPrinters, recomputeDesignStatus } from './service';
import { deadlinesOf } from '../promotions/milestones';
import { pushNewBrief } from '../push/design-pushes';
import { recordStatusChange } from './status-history';

export const downloadUrl = (table: 'design_chats' | 'promotion_surface_designs', tableId: number, id: number) =>
  `/api/files/download-stream?table_name=${table}&table_id=${tableId}&message_id=${id}`;

async function briefFilesOf(db: DbOrTx, psdId: number): Promise<BriefFile[]> {
  const rows = await db
    .select({ id: briefFiles.id, name: files.original_name, size: files.size, date: briefFiles.created_at })
    .from(briefFiles)
    .innerJoin(files, eq(files.id, briefFiles.file_id))
    .where(eq(briefFiles.psd_id, psdId))
    .orderBy(asc(briefFiles.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    extension: r.name.includes('.') ? r.name.slice(r.name.lastIndexOf('.') + 1).toLowerCase() : '',
    size: r.size,
    date: r.date.toISOString(),
    url: downloadUrl('promotion_surface_designs', psdId, r.id),
  }));
}

const productColumns = {
  id: products.id,
  name: products.name,
  ean: products.ean,
  vendor_code: products.vendor_code,
  category: categories.name,
  sub_category: products.sub_category,
  provider_name: products.provider_name,
  manufacturer: products.manufacturer,
  price_per_item: products.price_per_item,
  image_id: products.image_id,
};

async function withImages<T extends { image_id: number | null }>(db: DbOrTx, rows: T[]): Promise<(Omit<T, 'image_id'> & { url_images: UrlImages | null })[]> {
  const images = await urlImagesFor(db, rows.map((r) => r.image_id));
  return rows.map(({ image_id, ...rest }) => ({ ...rest, url_images: image_id ? (images.get(image_id) ?? null) : null }));
}

async function briefProductsOf(db: DbOrTx, psdId: number): Promise<BriefProduct[]> {
  const rows = await db
    .select(productColumns)
    .from(briefProducts)
    .innerJoin(products, eq(products.id, briefProducts.product_id))
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(eq(briefProducts.psd_id, psdId))
    .orderBy(asc(briefProducts.created_at), asc(products.id));
  return (await withImages(db, rows)).map((p) => ({ product_id: p.id, product: p }));
}

/** get-promotion-surface-design: 404 when the three ids do not name one design, or it has no chat. */
export async function getDesignPage(
  db: Db,
  auth: AuthContext,
  ids: { promotion_id: number; surface_id: number; surface_design_id: number },
): Promise<DesignPageData> {
  const psd = await visiblePsd(db, auth, ids.surface_design_id);
  if (psd.promotion_id !== ids.promotion_id || psd.surface_id !== ids.surface_id || !psd.chat_id) throw notFound();
  const [[context], briefFileList, productList, openPins] = await Promise.all([
    db
      .select({
        design_name: designs.name,
        category_name: categories.name,
        promotion: { id: promotions.id, name: promotions.name, status: promotions.status },
        surface: { id: surfaces.id, name: surfaces.name, vendor_code: surfaces.vendor_code, type: surfaces.type_surface, size: surfaces.size_surface, image_id: surfaces.image_id },
        designer_name: users.name,
      })
      .from(promotionSurfaceDesigns)
      .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
      .innerJoin(categories, eq(categories.id, designs.category_id))
      .innerJoin(promotions, eq(promotions.id, promotionSurfaceDesigns.promotion_id))
      .innerJoin(surfaces, eq(surfaces.id, promotionSurfaceDesigns.surface_id))
      .leftJoin(users, and(eq(users.id, promotionSurfaceDesigns.designer_id), isNull(users.deleted_at)))
      .where(eq(promotionSurfaceDesigns.id, psd.id)),
    briefFilesOf(db, psd.id),
    briefProductsOf(db, psd.id),
    openPinsOf(db, psd.id),
  ]);
  const c = context!;
  const deadline = (await deadlinesOf(db, [c.promotion.id])).get(c.promotion.id) ?? null;
  const surfaceImage = c.surface.image_id ? (await urlImagesFor(db, [c.surface.image_id])).get(c.surface.image_id)! : null;
  return {
    id: psd.id,
    name: c.design_name,
    chat_id: psd.chat_id!,
    designer: psd.designer_id && c.designer_name !== null ? { id: psd.designer_id, name: c.designer_name } : null,
    category: { id: psd.category_id, name: c.category_name },
    promotion: { ...c.promotion, deadline },
    surface: {
      id: c.surface.id,
      name: c.surface.name,
      vendor_code: c.surface.vendor_code,
      type_surface: c.surface.type || null,
      size_surface: c.surface.size || null,
      url_images: surfaceImage,
    },
    data: {
      title: psd.title,
      sub_title: psd.sub_title,
      text_italic: psd.text_italic,
      ean_more: psd.ean_more,
      promotional_offer: psd.promotional_offer,
      color: psd.color,
      supplier_discount: psd.supplier_discount,
      plu_scan: psd.plu_scan,
      description: psd.description,
      additional_description: psd.additional_description,
      need_for_price: { value: psd.need_for_price },
      not_for_printing: { value: psd.not_for_printing },
      status: psd.status as PsdStatus,
      files: briefFileList,
      products: productList,
    },
    open_pins: openPins,
    updated_at: psd.updated_at.toISOString(),
  };
}

/** Completing a design with open pins needs `confirm_open_pins` (decision 017). */
const openPinsRefusal = (count: number) =>
  new AppError(422, 'The design has open pins', 'open_pins', { status: ['open_pins'] }, { count });

/**
 * Writes only the fields sent: two people editing different fields both keep theirs. The
 * description is rich text, kept as the feedback messages are (the same allowlist). Returns the
 * new status when it changed, for the caller to announce once committed.
 */
export async function updateBrief(db: Db, auth: AuthContext, id: number, body: BriefBody): Promise<DesignStatusEventPayload | null> {
  const { confirm_open_pins: confirmed, ...fields } = body;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof promotionSurfaceDesigns.$inferInsert>;
  if (!Object.keys(changes).length) throw invalidField('title', 'nothing_to_change');
  if (changes.description !== undefined) changes.description = sanitizeRichText(changes.description);
  return db.transaction(async (tx) => {
    const before = await visiblePsd(tx, auth, id, true);
    const statusChanged = !!changes.status && changes.status !== before.status;
    if (statusChanged) await assertNotSentToPrinters(tx, before.promotion_id);
    // The design's row lock keeps pins from being placed or reopened while they are counted.
    const openPins = statusChanged && changes.status === 'Completed' ? await openPinsOf(tx, id) : 0;
    if (openPins && !confirmed) throw openPinsRefusal(openPins);
    const updated_at = new Date();
    await tx
      .update(promotionSurfaceDesigns)
      .set({ ...changes, updated_at })
      .where(eq(promotionSurfaceDesigns.id, id));
    if (statusChanged) {
      await recordStatusChange(tx, { psdId: id, from: before.status, to: changes.status as PsdStatus, cause: 'edit', actorId: auth.user.id, at: updated_at });
      await recomputeDesignStatus(tx, before.promotion_id, auth.user.id);
    }
    if (statusChanged && changes.status === 'Brief') await pushNewBrief(tx, id);
    const changedBefore = Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof before]]));
    const after = openPins ? { ...changes, completed_with_open_pins: openPins } : changes;
    await writeAudit(tx, auth, { action: 'update_brief', entity: 'promotion_surface_designs', entityId: id, before: changedBefore, after });
    return statusChanged
      ? { promotion_surface_design_id: id, promotion_id: before.promotion_id, status: changes.status as PsdStatus, updated_at: updated_at.toISOString() }
      : null;
  });
}

/**
 * Binds the caller as the design's designer, or detaches. A designer cannot take over or detach
 * a design another designer holds; an admin can.
 */
export async function bindDesigner(db: Db, auth: AuthContext, id: number, bind: boolean) {
  await db.transaction(async (tx) => {
    const psd = await visiblePsd(tx, auth, id, true);
    const heldByOther = psd.designer_id !== null && psd.designer_id !== auth.user.id;
    if (heldByOther && auth.user.role !== 'admin') throw invalidField('design_id', 'design_bound_to_other');
    const designer_id = bind ? auth.user.id : null;
    await tx.update(promotionSurfaceDesigns).set({ designer_id, updated_at: new Date() }).where(eq(promotionSurfaceDesigns.id, id));
    await writeAudit(tx, auth, {
      action: bind ? 'bind_designer' : 'detach_designer',
      entity: 'promotion_surface_designs',
      entityId: id,
      before: { designer_id: psd.designer_id },
      after: { designer_id },
    });
  });
}

/** Claims the caller's uploads from the shared upload step as brief files of the design. */
export async function addBriefFiles(db: Db, auth: AuthContext, psdId: number, fileIds: number[]) {
  return db.transaction(async (tx) => {
    await visiblePsd(tx, auth, psdId, true);
    const uploads = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(inArray(files.id, fileIds), isNull(files.owner_table), eq(files.variant, 'upload'), eq(files.uploaded_by, auth.user.id)))
      .for('update');
    const requested = [...new Set(fileIds)];
    if (uploads.length !== requested.length) throw invalidField('file_ids', 'unknown_upload');
    // In the order sent, which the list keeps (by id): the locking select returns rows in heap order.
    const rows = await tx
      .insert(briefFiles)
      .values(requested.map((fileId) => ({ psd_id: psdId, file_id: fileId, uploaded_by: auth.user.id })))
      .returning();
    for (const row of rows) {
      await tx.update(files).set({ owner_table: 'brief_files', owner_id: row.id, variant: 'original' }).where(eq(files.id, row.file_id));
    }
    await writeAudit(tx, auth, { action: 'add_brief_files', entity: 'promotion_surface_designs', entityId: psdId, after: { files: rows.map((r) => r.id) } });
    return briefFilesOf(tx, psdId);
  });
}

export async function deleteBriefFile(db: Db, storage: Storage, auth: AuthContext, psdId: number, briefFileId: number) {
  let removeBytes = async () => {};
  await db.transaction(async (tx) => {
    await visiblePsd(tx, auth, psdId, true);
    const [row] = await tx
      .delete(briefFiles)
      .where(and(eq(briefFiles.id, briefFileId), eq(briefFiles.psd_id, psdId)))
      .returning();
    if (!row) throw notFound();
    removeBytes = await deleteFiles(tx, storage, [row.file_id]);
    await writeAudit(tx, auth, { action: 'delete_brief_file', entity: 'promotion_surface_designs', entityId: psdId, before: row });
  });
  await removeBytes();
}

export async function addBriefProduct(db: Db, auth: AuthContext, psdId: number, productId: number) {
  await db.transaction(async (tx) => {
    await visiblePsd(tx, auth, psdId, true);
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!product) throw invalidField('product_id', 'not_found');
    const inserted = await tx.insert(briefProducts).values({ psd_id: psdId, product_id: productId }).onConflictDoNothing().returning();
    if (!inserted.length) throw invalidField('product_id', 'product_already_added');
    await writeAudit(tx, auth, { action: 'add_brief_product', entity: 'promotion_surface_designs', entityId: psdId, after: { product_id: productId } });
  });
}

export async function deleteBriefProduct(db: Db, auth: AuthContext, psdId: number, productId: number) {
  await db.transaction(async (tx) => {
    await visiblePsd(tx, auth, psdId, true);
    const removed = await tx
      .delete(briefProducts)
      .where(and(eq(briefProducts.psd_id, psdId), eq(briefProducts.product_id, productId)))
      .returning();
    if (!removed.length) throw notFound();
    await writeAudit(tx, auth, { action: 'delete_brief_product', entity: 'promotion_surface_designs', entityId: psdId, before: { product_id: productId } });
  });
}

/** The product picker: up to 20 products whose name, EAN or vendor code contains the search. */
export async function searchProducts(db: Db, search: string) {
  const digits = /^\d+$/.test(search);
  const where = !search
    ? undefined
    : or(
        ilike(products.name, containsPattern(search)),
        ...(digits ? [sql`${products.ean}::text like ${search + '%'}`, sql`${products.vendor_code}::text like ${search + '%'}`] : []),
      );
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .where(where)
    .orderBy(desc(products.status), asc(products.name))
    .limit(20);
  return withImages(db, rows);
}

