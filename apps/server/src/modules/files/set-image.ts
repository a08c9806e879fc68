import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { setImageBody } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { files, products, promotions, surfaces } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { invalidField, notFound } from '../../lib/errors';
import { discardRenditions, recordRenditions, renderImage, urlImagesFor, type RenderedImage } from '../../lib/images';
import type { Storage } from '../../lib/storage';
import { base64Stream, deleteFiles, storeUpload, type FileRow } from '../../lib/uploads';

type SetImageBody = z.output<typeof setImageBody>;

/** A base64 image in a form body: up to about 15 MB of image. Larger ones go through the upload step. */
export const SET_IMAGE_BODY_LIMIT = 21 * 1024 * 1024;

/** What holds an image: read and write its image_id inside the caller's transaction. */
export interface ImageOwner {
  table: ImageOwnerName;
  id: number;
  currentImageId(tx: DbOrTx): Promise<number | null | undefined>;
  setImageId(tx: DbOrTx, imageId: number): Promise<void>;
  /** The object rule beyond the route's role check; throws when the caller may not change this owner. */
  assertMayChange?(db: DbOrTx): Promise<void>;
}

type ImageTable = typeof surfaces | typeof products | typeof promotions;
type ImageOwnerName = 'surfaces' | 'products' | 'promotions';

/** The image of a surface, product or promotion: its image_id, locked for the transaction. */
export function imageOwner(
  table: ImageTable,
  name: ImageOwnerName,
  id: number,
  assertMayChange?: ImageOwner['assertMayChange'],
): ImageOwner {
  const t = table as typeof surfaces;
  return {
    table: name,
    id,
    assertMayChange,
    currentImageId: async (tx) => {
      const [row] = await tx.select({ image_id: t.image_id }).from(t).where(eq(t.id, id)).for('update');
      return row ? row.image_id : undefined;
    },
    setImageId: async (tx, imageId) => {
      await tx.update(t).set({ image_id: imageId }).where(eq(t.id, id));
    },
  };
}

async function claimableUpload(db: Db, auth: AuthContext, fileId: number): Promise<FileRow> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), isNull(files.owner_table), eq(files.variant, 'upload')));
  if (!row || row.uploaded_by !== auth.user.id || !row.content_type.startsWith('image/')) {
    throw invalidField('file_id', 'unknown_upload');
  }
  return row;
}

/**
 * set-image: takes an upload of the shared upload step (`file_id`) or the spec's base64 `img_url`,
 * makes the renditions, then records them, points the owner at it and removes the image it had, in
 * one short transaction.
 */
export async function setImage(db: Db, storage: Storage, auth: AuthContext, owner: ImageOwner, body: SetImageBody) {
  // Before anything is stored: a refused caller leaves no file behind and its upload unclaimed.
  await owner.assertMayChange?.(db);
  const upload = body.file_id
    ? await claimableUpload(db, auth, body.file_id)
    : await storeUpload(db, storage, {
        name: body.img_name || 'image.png',
        stream: base64Stream(body.img_url!),
        kind: 'image',
        userId: auth.user.id,
      });
  let rendered: RenderedImage | undefined;
  let removeOld = async () => {};
  try {
    // No rendering for an owner that is gone; checked again under the lock below.
    if ((await owner.currentImageId(db)) === undefined) throw notFound();
    // Outside the transaction: decoding a large image takes long (bench/README.md), and the
    // transaction (on PGlite the one connection) must not wait for it. The rows go in below.
    const made = await renderImage(storage, upload, body.make_size);
    rendered = made;
    await db.transaction(async (tx) => {
      const current = await owner.currentImageId(tx);
      if (current === undefined) throw notFound();
      await recordRenditions(tx, made, { table: owner.table, id: owner.id });
      await owner.setImageId(tx, upload.id);
      if (current !== null && current !== upload.id) removeOld = await deleteFiles(tx, storage, [current]);
      await writeAudit(tx, auth, { action: 'set_image', entity: owner.table, entityId: owner.id, after: { image_id: upload.id } });
    });
  } catch (err) {
    await discardRenditions(storage, rendered);
    // A base64 image was stored just for this call: it goes too.
    if (!body.file_id) await (await deleteFiles(db, storage, [upload.id]))();
    throw err;
  }
  await removeOld();
  return (await urlImagesFor(db, [upload.id])).get(upload.id)!;
}
