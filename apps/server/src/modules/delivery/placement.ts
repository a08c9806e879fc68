import { and, asc, count, eq } from 'drizzle-orm';
import { can, MAX_PLACEMENT_PHOTOS_PER_SURFACE, type PlacementPhoto } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { distributorParcelItems, distributorParcels, files, placementPhotos, promotions, surfaces } from '../../db/schema';
import { holdLock } from '../../lib/advisory-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors';
import { discardRenditions, recordRenditions, renderImage, urlImagesFor, type RenderedImage } from '../../lib/images';
import type { Storage } from '../../lib/storage';
import { deleteFiles } from '../../lib/uploads';
import { ownStation, visibleToStation } from '../company/station';
import { assertReportVisible } from '../reports/access';

export const PLACEMENT_OWNER = 'placement_photos';

/** The placement photos of a promotion (of one station, or all), oldest first. */
export async function photosOf(db: DbOrTx, promotionId: number, stationId?: number): Promise<(PlacementPhoto & { station_id: number })[]> {
  const rows = await db
    .select({ photo: placementPhotos, surface_name: surfaces.name })
    .from(placementPhotos)
    .innerJoin(surfaces, eq(surfaces.id, placementPhotos.surface_id))
    .where(and(eq(placementPhotos.promotion_id, promotionId), stationId ? eq(placementPhotos.station_id, stationId) : undefined))
    .orderBy(asc(placementPhotos.created_at), asc(placementPhotos.id));
  const urls = await urlImagesFor(
    db,
    rows.map((r) => r.photo.file_id),
  );
  return rows.map(({ photo, surface_name }) => ({
    id: photo.id,
    station_id: photo.station_id,
    surface_id: photo.surface_id,
    surface_name,
    url_images: urls.get(photo.file_id)!,
    created_at: photo.created_at.toISOString(),
  }));
}

/** The surfaces delivered to a station in a promotion: the ones it can put up and photograph. */
export async function deliveredSurfaces(db: DbOrTx, promotionId: number, stationId: number) {
  return db
    .selectDistinct({ surface_id: distributorParcelItems.surface_id, surface_name: surfaces.name })
    .from(distributorParcelItems)
    .innerJoin(distributorParcels, eq(distributorParcels.id, distributorParcelItems.parcel_id))
    .innerJoin(surfaces, eq(surfaces.id, distributorParcelItems.surface_id))
    .where(and(eq(distributorParcels.promotion_id, promotionId), eq(distributorParcelItems.station_id, stationId)))
    .orderBy(asc(surfaces.name), asc(distributorParcelItems.surface_id));
}

const tooManyPhotos = () =>
  new AppError(422, 'This surface has as many photos as it may have', 'too_many_photos', { file_id: ['too_many_photos'] }, { max: MAX_PLACEMENT_PHOTOS_PER_SURFACE });

async function photoCount(db: DbOrTx, promotionId: number, stationId: number, surfaceId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(placementPhotos)
    .where(and(eq(placementPhotos.promotion_id, promotionId), eq(placementPhotos.station_id, stationId), eq(placementPhotos.surface_id, surfaceId)));
  return Number(row!.n);
}

/**
 * A placement photo (decision 019): an image the station uploaded (the upload step, or a part of
 * this call), for a surface delivered to it in a promotion it sees. The renditions are made before
 * the short transaction that records them, as for every image.
 */
export async function addPlacementPhoto(
  db: Db,
  storage: Storage,
  auth: AuthContext,
  body: { promotion_id: number; surface_id: number; file_id: number },
  /** Called in the recording transaction with the new photo, so a route can keep its answer with it. */
  inTransaction: (tx: DbOrTx, photo: PlacementPhoto) => Promise<void> = async () => {},
): Promise<PlacementPhoto> {
  const station = await ownStation(db, auth);
  const [visible] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.id, body.promotion_id), visibleToStation(station)));
  if (!visible) throw notFound();
  const delivered = await deliveredSurfaces(db, body.promotion_id, station.id);
  if (!delivered.some((s) => s.surface_id === body.surface_id)) throw invalidField('surface_id', 'surface_not_delivered');
  if ((await photoCount(db, body.promotion_id, station.id, body.surface_id)) >= MAX_PLACEMENT_PHOTOS_PER_SURFACE) throw tooManyPhotos();

  const [upload] = await db.select().from(files).where(eq(files.id, body.file_id));
  if (!upload || upload.owner_table !== null || upload.variant !== 'upload' || upload.uploaded_by !== auth.user.id) throw invalidField('file_id', 'unknown_upload');
  if (!upload.content_type.startsWith('image/')) throw new AppError(422, 'Unsupported file type', 'unsupported_file_type', { file_id: ['unsupported_file_type'] });

  let rendered: RenderedImage | undefined;
  try {
    rendered = await renderImage(storage, upload, ['w_500', 'w_200']);
    const made = rendered;
    const surface = delivered.find((s) => s.surface_id === body.surface_id)!;
    return await db.transaction(async (tx) => {
      // Counted again under the surface's lock: of photos sent at once, only the limit's number pass.
      await holdLock(tx, PLACEMENT_OWNER, body.promotion_id, station.id, body.surface_id);
      if ((await photoCount(tx, body.promotion_id, station.id, body.surface_id)) >= MAX_PLACEMENT_PHOTOS_PER_SURFACE) throw tooManyPhotos();
      const [row] = await tx
        .insert(placementPhotos)
        .values({ promotion_id: body.promotion_id, station_id: station.id, surface_id: body.surface_id, file_id: upload.id, uploaded_by_id: auth.user.id })
        .returning();
      await recordRenditions(tx, made, { table: PLACEMENT_OWNER, id: row!.id });
      await writeAudit(tx, auth, {
        action: 'add_placement_photo',
        entity: PLACEMENT_OWNER,
        entityId: row!.id,
        after: { promotion_id: body.promotion_id, station_id: station.id, surface_id: body.surface_id, file_id: upload.id },
      });
      const urls = await urlImagesFor(tx, [upload.id]);
      const photo: PlacementPhoto = {
        id: row!.id,
        surface_id: row!.surface_id,
        surface_name: surface.surface_name,
        url_images: urls.get(upload.id)!,
        created_at: row!.created_at.toISOString(),
      };
      await inTransaction(tx, photo);
      return photo;
    });
  } catch (err) {
    await discardRenditions(storage, rendered);
    throw err;
  }
}

/** The station deletes one of its own placement photos, with its files. */
export async function removePlacementPhoto(db: Db, storage: Storage, auth: AuthContext, id: number) {
  const station = await ownStation(db, auth);
  const removeBytes = await db.transaction(async (tx) => {
    const [photo] = await tx
      .select()
      .from(placementPhotos)
      .where(and(eq(placementPhotos.id, id), eq(placementPhotos.station_id, station.id)))
      .for('update');
    if (!photo) throw notFound();
    await tx.delete(placementPhotos).where(eq(placementPhotos.id, photo.id));
    const remove = await deleteFiles(tx, storage, [photo.file_id]);
    await writeAudit(tx, auth, {
      action: 'delete_placement_photo',
      entity: PLACEMENT_OWNER,
      entityId: photo.id,
      before: { promotion_id: photo.promotion_id, station_id: photo.station_id, surface_id: photo.surface_id, file_id: photo.file_id },
    });
    return remove;
  });
  await removeBytes();
}

/**
 * Who may see a placement photo's image: the station it belongs to, and whoever sees the
 * promotion's report (staff, and the distributor once something is printed).
 */
export async function assertPlacementPhotoReadable(db: DbOrTx, auth: AuthContext, photoId: number) {
  const [photo] = await db
    .select({ promotion_id: placementPhotos.promotion_id, station_id: placementPhotos.station_id })
    .from(placementPhotos)
    .where(eq(placementPhotos.id, photoId));
  if (!photo) throw notFound();
  if (auth.user.role === 'user' && photo.station_id === auth.user.id) return;
  if (can(auth.user.role, 'reports.view')) {
    await assertReportVisible(db, auth, photo.promotion_id).catch(() => {
      throw forbidden();
    });
    return;
  }
  throw forbidden();
}
