import { reviewMarks } from '../reviews/marks';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  designRemovalRefusal,
  PROMOTION_STATUS_NAMES,
  surfaceRemovalRefusal,
  type PromotionSurfaceDesigns,
  type PsdStatus,
} from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { chats, designs, printReports, promotions, promotionSurfaceDesigns, promotionSurfaces, signTemplates, surfaces } from '../../db/schema';
import { WRITE_LOCK } from '../../db/write-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, invalidField, notFound, outsideCategories } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { deleteFiles } from '../../lib/uploads';
import { openPinCounts } from '../proofing/open-pins';
import { recordEvent } from '../promotions/events';
import { designCategoryScope } from './category-scope';
import { psdFileIds } from './psd-files';
import { fitsSurface, surfaceSizeMm } from '../signs/surface-fit';
import { templateVersion } from '../signs/templates';


/**
 * Once sent to printers a promotion's surfaces and designs are fixed: the printers print from them
 * and the stored report amounts refer to them. The promotion is held as the send holds it, so a
 * change waits for a send under way and then sees its report, and a send waits for the change.
 */
export async function assertNotSentToPrinters(db: DbOrTx, promotionId: number) {
  await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, promotionId)).for(WRITE_LOCK);
  const [sent] = await db.select({ id: printReports.id }).from(printReports).where(eq(printReports.promotion_id, promotionId));
  if (sent) throw new AppError(409, 'The promotion has already been sent to the printers', 'already_sent_to_printers');
}

async function promotionExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(eq(promotions.id, id));
  return !!row;
}

export async function surfacesWithDesigns(db: Db, auth: AuthContext, promotionId: number): Promise<PromotionSurfaceDesigns[]> {
  if (!(await promotionExists(db, promotionId))) throw notFound();
  const scope = await designCategoryScope(db, auth);
  const [links, psds] = await Promise.all([
    db
      .select({ id: surfaces.id, name: surfaces.name, vendor_code: surfaces.vendor_code })
      .from(promotionSurfaces)
      .innerJoin(surfaces, eq(surfaces.id, promotionSurfaces.surface_id))
      .where(eq(promotionSurfaces.promotion_id, promotionId))
      .orderBy(asc(promotionSurfaces.id)),
    db
      .select({
        id: promotionSurfaceDesigns.id,
        surface_id: promotionSurfaceDesigns.surface_id,
        status: promotionSurfaceDesigns.status,
        design_id: designs.id,
        name: designs.name,
        category_id: designs.category_id,
      })
      .from(promotionSurfaceDesigns)
      .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
      .where(eq(promotionSurfaceDesigns.promotion_id, promotionId))
      .orderBy(asc(promotionSurfaceDesigns.id)),
  ]);
  const seen = (d: { category_id: number }) => !scope || scope.includes(d.category_id);
  const visible = psds.filter(seen).map((d) => d.id);
  const [openPins, reviews] = await Promise.all([openPinCounts(db, visible), reviewMarks(db, visible)]);
  return links.map((surface) => {
    const onSurface = psds.filter((d) => d.surface_id === surface.id);
    return {
      promotion_id: promotionId,
      surface,
      designs: onSurface
        .filter(seen)
        .map((d) => ({
          id: d.id,
          name: d.name,
          design_id: d.design_id,
          category_id: d.category_id,
          data: { status: d.status as PsdStatus },
          open_pins: openPins.get(d.id) ?? 0,
          review: reviews.get(d.id) ?? null,
        })),
      // Only the count: the caller knows why the surface stays, not what it may not see.
      hidden_designs: onSurface.filter((d) => !seen(d)).length,
    };
  });
}

/**
 * Designer working (1) becomes Designer completed (2) when every design of the promotion is
 * Completed, and goes back when one is not (DOMAIN.md). Drafts and later statuses stay.
 */
export async function recomputeDesignStatus(db: DbOrTx, promotionId: number, actorId: number) {
  const [promotion] = await db.select({ status: promotions.status }).from(promotions).where(eq(promotions.id, promotionId)).for(WRITE_LOCK);
  if (!promotion || (promotion.status !== 1 && promotion.status !== 2)) return;
  const [sent] = await db.select({ id: printReports.id }).from(printReports).where(eq(printReports.promotion_id, promotionId));
  if (sent) return;
  const rows = await db.select({ status: promotionSurfaceDesigns.status }).from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.promotion_id, promotionId));
  const next = rows.length > 0 && rows.every((r) => r.status === 'Completed') ? 2 : 1;
  if (next === promotion.status) return;
  await db.update(promotions).set({ status: next }).where(eq(promotions.id, promotionId));
  await recordEvent(db, promotionId, `status_${PROMOTION_STATUS_NAMES[next]}`, actorId);
}

export async function addSurface(db: Db, auth: AuthContext, promotionId: number, surfaceId: number) {
  return db.transaction(async (tx) => {
    if (!(await promotionExists(tx, promotionId))) throw invalidField('promotion_id', 'not_found');
    await assertNotSentToPrinters(tx, promotionId);
    const [surface] = await tx.select({ id: surfaces.id }).from(surfaces).where(eq(surfaces.id, surfaceId));
    if (!surface) throw invalidField('surface_id', 'not_found');
    const inserted = await tx
      .insert(promotionSurfaces)
      .values({ promotion_id: promotionId, surface_id: surfaceId })
      .onConflictDoNothing()
      .returning({ id: promotionSurfaces.id });
    if (!inserted.length) throw invalidField('surface_id', 'surface_already_added');
    await writeAudit(tx, auth, { action: 'add_surface', entity: 'promotions', entityId: promotionId, after: { surface_id: surfaceId } });
  });
}

/**
 * A surface leaves the promotion with its designs, unless one of them is Completed, Approved or
 * Brief, or (for a cm) of a category the caller does not manage: a cm never sees those designs, so
 * it must not delete them unseen (decision 003).
 */
export async function removeSurface(db: Db, storage: Storage, auth: AuthContext, promotionId: number, surfaceId: number) {
  let removeBytes = async () => {};
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select({ id: promotionSurfaces.id })
      .from(promotionSurfaces)
      .where(and(eq(promotionSurfaces.promotion_id, promotionId), eq(promotionSurfaces.surface_id, surfaceId)))
      .for('update');
    if (!link) throw notFound();
    await assertNotSentToPrinters(tx, promotionId);
    const psds = await tx
      .select({ id: promotionSurfaceDesigns.id, status: promotionSurfaceDesigns.status, category_id: designs.category_id })
      .from(promotionSurfaceDesigns)
      .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
      .where(and(eq(promotionSurfaceDesigns.promotion_id, promotionId), eq(promotionSurfaceDesigns.surface_id, surfaceId)));
    const scope = await designCategoryScope(tx, auth);
    const refusal = surfaceRemovalRefusal({
      hidden_designs: scope ? psds.filter((p) => !scope.includes(p.category_id)).length : 0,
      statuses: psds.map((p) => p.status as PsdStatus),
    });
    if (refusal) throw invalidField('surface_id', refusal);
    const designFiles = await psdFileIds(tx, psds.map((p) => p.id));
    if (psds.length) await tx.delete(promotionSurfaceDesigns).where(inArray(promotionSurfaceDesigns.id, psds.map((p) => p.id)));
    await tx.delete(promotionSurfaces).where(eq(promotionSurfaces.id, link.id));
    removeBytes = await deleteFiles(tx, storage, designFiles);
    await recomputeDesignStatus(tx, promotionId, auth.user.id);
    await writeAudit(tx, auth, { action: 'remove_surface', entity: 'promotions', entityId: promotionId, before: { surface_id: surfaceId, designs: psds } });
  });
  await removeBytes();
}

export async function addDesign(db: Db, auth: AuthContext, body: { promotion_id: number; surface_id: number; design_id: number }) {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select({ id: promotionSurfaces.id })
      .from(promotionSurfaces)
      .where(and(eq(promotionSurfaces.promotion_id, body.promotion_id), eq(promotionSurfaces.surface_id, body.surface_id)));
    if (!link) throw invalidField('surface_id', 'surface_not_in_promotion');
    await assertNotSentToPrinters(tx, body.promotion_id);
    const [design] = await tx.select().from(designs).where(eq(designs.id, body.design_id));
    if (!design) throw invalidField('design_id', 'not_found');
    const scope = await designCategoryScope(tx, auth);
    if (scope && !scope.includes(design.category_id)) throw outsideCategories();
    // A template's design records the version its signs use; its trim size must be the surface's (decision 043).
    const [template] = await tx.select({ version: signTemplates.current_version }).from(signTemplates).where(eq(signTemplates.design_id, body.design_id));
    if (template) {
      const layout = await templateVersion(tx, body.design_id, template.version);
      if (!layout || !fitsSurface(layout, await surfaceSizeMm(tx, body.surface_id))) {
        throw new AppError(422, 'The template does not fit the surface', 'template_size_mismatch', { design_id: ['template_size_mismatch'] });
      }
    }
    const [psd] = await tx
      .insert(promotionSurfaceDesigns)
      .values({ ...body, status: 'Created', template_version: template?.version ?? null })
      .returning();
    await tx.insert(chats).values({ psd_id: psd!.id });
    await recomputeDesignStatus(tx, body.promotion_id, auth.user.id);
    await writeAudit(tx, auth, { action: 'create', entity: 'promotion_surface_designs', entityId: psd!.id, after: psd });
    return psd!;
  });
}

/** An admin may always delete a design; a cm-admin not while it is Completed, Approved or Brief. */
export async function removeDesign(db: Db, storage: Storage, auth: AuthContext, id: number) {
  let removeBytes = async () => {};
  await db.transaction(async (tx) => {
    const [psd] = await tx.select().from(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.id, id)).for('update');
    if (!psd) throw notFound();
    await assertNotSentToPrinters(tx, psd.promotion_id);
    const refusal = designRemovalRefusal(auth.user.role, psd.status as PsdStatus);
    if (refusal) throw invalidField('id', refusal);
    const designFiles = await psdFileIds(tx, [id]);
    await tx.delete(promotionSurfaceDesigns).where(eq(promotionSurfaceDesigns.id, id));
    removeBytes = await deleteFiles(tx, storage, designFiles);
    await recomputeDesignStatus(tx, psd.promotion_id, auth.user.id);
    await writeAudit(tx, auth, { action: 'delete', entity: 'promotion_surface_designs', entityId: id, before: psd });
  });
  await removeBytes();
}

export const allSurfaces = (db: Db) =>
  db.select({ id: surfaces.id, name: surfaces.name, vendor_code: surfaces.vendor_code }).from(surfaces).orderBy(asc(surfaces.name));

export async function allDesigns(db: Db, auth: AuthContext) {
  const scope = await designCategoryScope(db, auth);
  return db
    .select({ id: designs.id, name: designs.name, category_id: designs.category_id })
    .from(designs)
    .where(scope ? inArray(designs.category_id, scope.length ? scope : [-1]) : undefined)
    .orderBy(asc(designs.name));
}
