import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { UrlImages } from '@promo/shared';
import type { DbOrTx } from '../db/client';
import { files } from '../db/schema';
import { isConnectionFailure } from './connection-failure';
import { AppError, invalidField } from './errors';
import type { Storage } from './storage';
import type { FileRow } from './uploads';

/** Above this many pixels an image is refused: a decompression bomb would exhaust memory. */
export const MAX_IMAGE_PIXELS = 60_000_000;

export type Rendition = 'original' | 'w_500' | 'w_200';
const WIDTHS: Record<Exclude<Rendition, 'original'>, number> = { w_500: 500, w_200: 200 };

export const imageUrl = (id: number) => `/api/images/${id}`;

const notAnImage = () => new AppError(422, 'Unsupported file type', 'unsupported_file_type', { file: ['unsupported_file_type'] });

/** Rendition files written to storage and not yet recorded in `files`. */
export interface RenderedImage {
  upload: FileRow;
  files: { variant: Rendition; key: string; size: number; name: string; contentType: string }[];
}

/**
 * Writes the rendition files of an uploaded image. JPEG and PNG serve as their own `original`; a
 * TIFF gets a PNG `original` that browsers can show. Call it outside any transaction: for a large
 * image the decoding and writing take long (0.5 s for 36 megapixels, bench/README.md), and on
 * PGlite a transaction holds the one connection every other request waits for. Removes what it wrote when it fails; record the
 * result with `recordRenditions`, or `discardRenditions` when that fails.
 */
export async function renderImage(storage: Storage, upload: FileRow, wanted: readonly Rendition[]): Promise<RenderedImage> {
  // sharp reads the file itself: from S3 the object comes down to a temporary file first.
  return storage.withLocalFile(upload.storage_key, (source) => renderFrom(source, storage, upload, wanted));
}

async function renderFrom(source: string, storage: Storage, upload: FileRow, wanted: readonly Rendition[]): Promise<RenderedImage> {
  const isTiff = upload.content_type === 'image/tiff';
  const outputPng = isTiff || upload.content_type === 'image/png';

  // Read the header first: refuses non-images and bombs before any decoding work.
  const meta = await sharp(source, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new AppError(422, 'The image has too many pixels', 'image_too_many_pixels', { file: ['image_too_many_pixels'] });
  }

  const rendered: RenderedImage = { upload, files: [] };
  try {
    for (const variant of new Set<Rendition>(['original', ...wanted])) {
      if (variant === 'original' && !isTiff) continue;
      const key = storage.newKey();
      let pipeline = sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
      if (variant !== 'original') pipeline = pipeline.resize({ width: WIDTHS[variant], withoutEnlargement: true });
      pipeline = outputPng ? pipeline.png({ compressionLevel: 8 }) : pipeline.jpeg({ quality: 82, mozjpeg: true });
      let size = 0;
      const counter = new PassThrough();
      counter.on('data', (c: Buffer) => (size += c.length));
      try {
        await storage.write(key, pipeline, [counter]);
      } catch (err) {
        // A store that cannot be reached is a 503, not the image's fault.
        if (isConnectionFailure(err)) throw err;
        throw notAnImage();
      }
      rendered.files.push({
        variant,
        key,
        size,
        name: upload.original_name.replace(/\.[^.]+$/, outputPng ? '.png' : '.jpg'),
        contentType: outputPng ? 'image/png' : 'image/jpeg',
      });
    }
  } catch (err) {
    await discardRenditions(storage, rendered);
    throw err;
  }
  return rendered;
}

/**
 * Records rendered files as rows with the upload as their parent, and gives the upload and them
 * to `owner`, inside the caller's transaction. The upload must still be unclaimed: another request
 * may have taken it while this one was rendering.
 */
export async function recordRenditions(
  tx: DbOrTx,
  rendered: RenderedImage,
  owner: { table: string; id: number },
): Promise<Map<Rendition, number>> {
  const { upload } = rendered;
  const isTiff = upload.content_type === 'image/tiff';
  const [claimed] = await tx
    .update(files)
    .set({ owner_table: owner.table, owner_id: owner.id, variant: isTiff ? 'upload' : 'original' })
    .where(and(eq(files.id, upload.id), isNull(files.owner_table)))
    .returning({ id: files.id });
  if (!claimed) throw invalidField('file_id', 'unknown_upload');
  const made = new Map<Rendition, number>();
  if (!isTiff) made.set('original', upload.id);
  if (!rendered.files.length) return made;
  const rows = await tx
    .insert(files)
    .values(
      rendered.files.map((f) => ({
        storage_key: f.key,
        original_name: f.name,
        size: f.size,
        content_type: f.contentType,
        sha256: '',
        uploaded_by: upload.uploaded_by,
        parent_id: upload.id,
        variant: f.variant,
        owner_table: owner.table,
        owner_id: owner.id,
      })),
    )
    .returning({ id: files.id, key: files.storage_key });
  for (const f of rendered.files) made.set(f.variant, rows.find((r) => r.key === f.key)!.id);
  return made;
}

/** Removes rendition files whose rows were never committed. */
export async function discardRenditions(storage: Storage, rendered: RenderedImage | null | undefined): Promise<void> {
  if (rendered) await Promise.all(rendered.files.map((f) => storage.remove(f.key)));
}

/** Renders and records in one go, for the demo seed, which runs in one transaction anyway. */
export async function makeRenditions(
  db: DbOrTx,
  storage: Storage,
  upload: FileRow,
  wanted: readonly Rendition[],
  owner: { table: string; id: number },
): Promise<Map<Rendition, number>> {
  const rendered = await renderImage(storage, upload, wanted);
  try {
    return await recordRenditions(db, rendered, owner);
  } catch (err) {
    await discardRenditions(storage, rendered);
    throw err;
  }
}

/** url_images for many images in one query: image id -> { original, w_200, w_500 }. */
export async function urlImagesFor(db: DbOrTx, imageIds: (number | null)[]): Promise<Map<number, UrlImages>> {
  const ids = [...new Set(imageIds.filter((id): id is number => id !== null))];
  const result = new Map<number, UrlImages>();
  if (!ids.length) return result;
  const rows = await db
    .select({ id: files.id, parent_id: files.parent_id, variant: files.variant })
    .from(files)
    .where(or(inArray(files.id, ids), inArray(files.parent_id, ids)));
  for (const id of ids) {
    const own = rows.filter((r) => r.id === id || r.parent_id === id);
    const pick = (v: string) => own.find((r) => r.variant === v)?.id;
    const original = pick('original') ?? id;
    result.set(id, {
      original: imageUrl(original),
      w_200: imageUrl(pick('w_200') ?? original),
      ...(pick('w_500') ? { w_500: imageUrl(pick('w_500')!) } : {}),
    });
  }
  return result;
}
