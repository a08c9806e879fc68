import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { setImageBody } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { files, products, promotions, surfaces } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { invalidField, notFound } from '../../lib/errors';
import { makeRenditions, urlImagesFor } from '../../lib/images';
import type { Storage } from '../../lib/storage';
import { base64Stream, deleteFiles, storeUpload, type FileRow } from '../../lib/uploads';

type SetImageBody = z.output<typeof setImageBody>;

/** A base64 image in a form body: up to about 15 MB of image. Larger ones go through the upload step. */
export const SET_IMAGE_BODY_LIMIT = 21 * 1024 * 1024;

/** What holds an image: read and write its image_id inside the caller's transaction. */
export interface ImageOwner {
  table: string;
  id: number;
  currentImageId(tx: DbOrTx): Promise<number | null | undefined>;
  setImageId(tx: DbOrTx, imageId: number): Promise<void>;
}

type ImageTable = typeof surfaces | typeof products | typeof promotions;

/** The image of a surface, product or promotion: its image_id, locked for the transaction. */
export function imageOwner(table: ImageTable, name: 'surfaces' | 'products' | 'promotions', id: number): ImageOwner {
  const t = table as typeof surfaces;
  return {
    table: name,
    id,
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
 * makes the renditions, points the owner at it and removes the image it had, in one transaction.
 */
export async function setImage(db: Db, storage: Storage, auth: AuthContext, owner: ImageOwner, body: SetImageBody) {
  const upload = body.file_id
    ? await claimableUpload(db, auth, body.file_id)
    : await storeUpload(db, storage, {
        name: body.img_name || 'image.png',
        stream: base64Stream(body.img_url!),
        kind: 'image',
        userId: auth.user.id,
      });
  const written: string[] = [];
  let removeOld = async () => {};
  try {
    await db.transaction(async (tx) => {
      const current = await owner.currentImageId(tx);
      if (current === undefined) throw notFound();
      await makeRenditions(tx, storage, upload, body.make_size, { table: owner.table, id: owner.id }, written);
      await owner.setImageId(tx, upload.id);
      if (current !== null && current !== upload.id) removeOld = await deleteFiles(tx, storage, [current]);
      await writeAudit(tx, auth, { action: 'set_image', entity: owner.table, entityId: owner.id, after: { image_id: upload.id } });
    });
  } catch (err) {
    await Promise.all(written.map((k) => storage.remove(k)));
    // A base64 image was stored just for this call: it goes too.
    if (!body.file_id) await (await deleteFiles(db, storage, [upload.id]))();
    throw err;
  }
  await removeOld();
  return (await urlImagesFor(db, [upload.id])).get(upload.id)!;
}
