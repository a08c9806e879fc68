import { Readable } from 'node:stream';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import {
  DOCUMENT_EXTENSIONS,
  fileExtension,
  IMAGE_EXTENSIONS,
  UPLOAD_MESSAGES,
} from '@promo/shared';
import type { DbOrTx } from '../db/client';
import { files } from '../db/schema';
import { AppError } from './errors';
import { CONTENT_TYPES, InspectingStream, SignatureMismatch } from './file-signature';
import { IdleWatch } from './idle-upload';
import type { Storage } from './storage';
import { assertUploadQuota, lockUserUploads } from './upload-quota';

export type FileRow = typeof files.$inferSelect;
/** 'spreadsheet': a CSV or XLSX file of the catalogue import (decision 021). */
export type UploadKind = 'image' | 'any' | 'spreadsheet';
const SPREADSHEET_EXTENSIONS = ['csv', 'xlsx'];

export const unsupportedFile = () =>
  new AppError(422, UPLOAD_MESSAGES.unsupported, 'unsupported_file_type', { file: ['unsupported_file_type'] });
export const emptyFile = () => new AppError(422, UPLOAD_MESSAGES.empty, 'file_empty', { file: ['file_empty'] });
export const fileTooLarge = () => new AppError(413, UPLOAD_MESSAGES.tooLarge, 'file_too_large', { file: ['file_too_large'] });

/** A name a person gave the file: no path parts, no control characters, a known extension. */
export function checkFileName(name: string, kind: UploadKind): string {
  const trimmed = name.trim();
  const hasControl = [...trimmed].some((c) => c.charCodeAt(0) < 0x20);
  if (!trimmed || trimmed.length > 255 || hasControl || /[/\\]/.test(trimmed) || trimmed.includes('..')) {
    throw new AppError(422, 'Invalid file name', 'invalid_file_name', { file: ['invalid_file_name'] });
  }
  const ext = fileExtension(trimmed);
  const allowed: readonly string[] =
    kind === 'image' ? IMAGE_EXTENSIONS : kind === 'spreadsheet' ? SPREADSHEET_EXTENSIONS : [...IMAGE_EXTENSIONS, ...DOCUMENT_EXTENSIONS];
  if (!allowed.includes(ext)) throw unsupportedFile();
  return trimmed;
}

/**
 * Streams one file into storage while hashing, counting and checking its first bytes, then
 * records it in `files` as an upload nobody owns yet. Nothing is left behind when it fails. A
 * user's upload counts against its upload quota: checked before reading (with `declaredBytes`, the
 * request's Content-Length) and again, exactly, as the row goes in.
 */
export async function storeUpload(
  db: DbOrTx,
  storage: Storage,
  input: {
    name: string;
    stream: Readable;
    kind: UploadKind;
    userId: number | null;
    isTruncated?: () => boolean;
    declaredBytes?: number;
    /** How long the sender may send nothing (UPLOAD_IDLE_MS; shorter in tests). */
    idleMs?: number;
  },
): Promise<FileRow> {
  const name = checkFileName(input.name, input.kind);
  const userId = input.userId;
  if (userId !== null) await assertUploadQuota(db, userId, input.declaredBytes ?? 0);
  const ext = fileExtension(name);
  const key = storage.newKey();
  const inspector = new InspectingStream(ext);
  try {
    await storage.write(key, input.stream, [new IdleWatch(input.idleMs), inspector]);
  } catch (err) {
    if (err instanceof SignatureMismatch) throw unsupportedFile();
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw err;
  }
  if (input.isTruncated?.()) {
    await storage.remove(key);
    throw fileTooLarge();
  }
  if (inspector.bytes === 0) {
    await storage.remove(key);
    throw emptyFile();
  }
  try {
    return await db.transaction(async (tx) => {
      if (userId !== null) {
        await lockUserUploads(tx, userId);
        await assertUploadQuota(tx, userId, inspector.bytes);
      }
      const [row] = await tx
        .insert(files)
        .values({
          storage_key: key,
          original_name: name,
          size: inspector.bytes,
          content_type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
          sha256: inspector.hash.digest('hex'),
          uploaded_by: userId,
        })
        .returning();
      return row!;
    });
  } catch (err) {
    await storage.remove(key);
    throw err;
  }
}

/** The spec's base64 `img_url` (a data URL or bare base64) as a stream. */
export function base64Stream(value: string): Readable {
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1;
  const payload = comma === -1 ? value : value.slice(comma + 1);
  if (!/^[A-Za-z0-9+/=\s]*$/.test(payload)) {
    throw new AppError(422, 'Validation failed', 'validation_failed', { img_url: ['invalid_base64'] });
  }
  return Readable.from([Buffer.from(payload, 'base64')]);
}

/** Deletes rows and bytes; the bytes go after the rows so a failed transaction keeps both. */
export async function deleteFiles(db: DbOrTx, storage: Storage, ids: number[]): Promise<() => Promise<void>> {
  if (!ids.length) return async () => {};
  // Renditions first: deleting a parent would cascade to them without telling their keys.
  const children = await db.delete(files).where(inArray(files.parent_id, ids)).returning({ key: files.storage_key });
  const rows = await db.delete(files).where(inArray(files.id, ids)).returning({ key: files.storage_key });
  const keys = [...rows, ...children].map((r) => r.key);
  return async () => {
    await Promise.all(keys.map((k) => storage.remove(k)));
  };
}

const DAY = 24 * 3600_000;
/**
 * A stored file no row names is taken for a crash's leftover once nobody wrote it for this long and
 * two sweeps in a row found it so: with a sweep every UPLOAD_SWEEP_EVERY_MS it goes within 50
 * minutes of its last write. A file in flight is never that old (IdleWatch, decision 028).
 */
export const ORPHAN_GRACE_MS = 30 * 60_000;
export const UPLOAD_SWEEP_EVERY_MS = 10 * 60_000;

/**
 * The periodic sweep: uploads that nothing claimed within `olderThanMs`, then files in storage
 * that no row names and that nobody wrote for `orphansOlderThanMs` (a process killed between
 * writing bytes and recording them: a cut-off upload, renditions whose rows never committed,
 * bytes whose rows were deleted just before). The grace period keeps uploads in flight, and
 * renditions waiting for their rows, safe. Returns how many files went.
 */
export async function sweepUnclaimedUploads(db: DbOrTx, storage: Storage, olderThanMs = DAY, orphansOlderThanMs = ORPHAN_GRACE_MS): Promise<number> {
  const stale = await db
    .select({ id: files.id })
    .from(files)
    .where(and(isNull(files.owner_table), eq(files.variant, 'upload'), lt(files.created_at, new Date(Date.now() - olderThanMs))));
  const removeBytes = await deleteFiles(
    db,
    storage,
    stale.map((s) => s.id),
  );
  await removeBytes();
  return stale.length + (await sweepOrphanFiles(db, storage, orphansOlderThanMs));
}

const ORPHAN_BATCH = 500;

/**
 * The keys each storage's last sweep found past the grace with no row. Only a key found so twice
 * is removed: an S3 object is listed only once complete, with the time its upload started, so an
 * upload that took longer than the grace shows up old in the moment between completing and its row.
 */
const unrecordedLastTime = new WeakMap<Storage, Set<string>>();

async function sweepOrphanFiles(db: DbOrTx, storage: Storage, olderThanMs: number): Promise<number> {
  const cutoff = Date.now() - olderThanMs;
  const seenBefore = unrecordedLastTime.get(storage) ?? new Set<string>();
  const seenNow = new Set<string>();
  let removed = 0;
  let batch: string[] = [];
  const removeUnrecorded = async () => {
    const recorded = await db.select({ key: files.storage_key }).from(files).where(inArray(files.storage_key, batch));
    const known = new Set(recorded.map((r) => r.key));
    const orphans: string[] = [];
    for (const key of batch) {
      if (known.has(key)) continue;
      if (seenBefore.has(key)) orphans.push(key);
      else seenNow.add(key);
    }
    await Promise.all(orphans.map((k) => storage.remove(k)));
    removed += orphans.length;
    batch = [];
  };
  for await (const { key, modifiedAt } of storage.list()) {
    if (modifiedAt.getTime() > cutoff) continue;
    batch.push(key);
    if (batch.length >= ORPHAN_BATCH) await removeUnrecorded();
  }
  if (batch.length) await removeUnrecorded();
  unrecordedLastTime.set(storage, seenNow);
  return removed;
}
