import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { eq, inArray, or } from 'drizzle-orm';
import type { UrlImages } from '@promo/shared';
import type { DbOrTx } from '../db/client';
import { files } from '../db/schema';
import { AppError } from './errors';
import type { Storage } from './storage';
import type { FileRow } from './uploads';

/** Above this many pixels an image is refused: a decompression bomb would exhaust memory. */
export const MAX_IMAGE_PIXELS = 60_000_000;

export type Rendition = 'original' | 'w_500' | 'w_200';
const WIDTHS: Record<Exclude<Rendition, 'original'>, number> = { w_500: 500, w_200: 200 };

export const imageUrl = (id: number) => `/api/images/${id}`;

const notAnImage = () => new AppError(422, 'Unsupported file type', 'unsupported_file_type', { file: ['unsupported_file_type'] });

/**
 * Makes the renditions of an uploaded image. JPEG and PNG serve as their own `original`; a TIFF
 * gets a PNG `original` that browsers can show. Each rendition is a `files` row with the upload
 * as its parent, owned like the upload.
 */
export async function makeRenditions(
  db: DbOrTx,
  storage: Storage,
  upload: FileRow,
  wanted: readonly Rendition[],
  owner: { table: string; id: number },
  /** Storage keys written here, so a caller can remove them when its transaction fails. */
  written: string[] = [],
): Promise<Map<Rendition, number>> {
  const made = new Map<Rendition, number>();
  const isTiff = upload.content_type === 'image/tiff';
  const outputPng = isTiff || upload.content_type === 'image/png';

  // Read the header first: refuses non-images and bombs before any decoding work.
  const source = storage.localPath(upload.storage_key);
  const meta = await sharp(source, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw notAnImage();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new AppError(422, 'The image has too many pixels', 'image_too_many_pixels', { file: ['image_too_many_pixels'] });
  }

  for (const variant of new Set<Rendition>(['original', ...wanted])) {
    if (variant === 'original' && !isTiff) {
      made.set('original', upload.id);
      continue;
    }
    const key = storage.newKey();
    written.push(key);
    let pipeline = sharp(source, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    if (variant !== 'original') pipeline = pipeline.resize({ width: WIDTHS[variant], withoutEnlargement: true });
    pipeline = outputPng ? pipeline.png({ compressionLevel: 8 }) : pipeline.jpeg({ quality: 82, mozjpeg: true });
    let size = 0;
    const counter = new PassThrough();
    counter.on('data', (c: Buffer) => (size += c.length));
    try {
      await storage.write(key, pipeline, [counter]);
    } catch {
      throw notAnImage();
    }
    const [row] = await db
      .insert(files)
      .values({
        storage_key: key,
        original_name: upload.original_name.replace(/\.[^.]+$/, outputPng ? '.png' : '.jpg'),
        size,
        content_type: outputPng ? 'image/png' : 'image/jpeg',
        sha256: '',
        uploaded_by: upload.uploaded_by,
        parent_id: upload.id,
        variant,
        owner_table: owner.table,
        owner_id: owner.id,
      })
      .returning({ id: files.id });
    made.set(variant, row!.id);
  }
  await db
    .update(files)
    .set({ owner_table: owner.table, owner_id: owner.id, variant: isTiff ? 'upload' : 'original' })
    .where(eq(files.id, upload.id));
  return made;
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
