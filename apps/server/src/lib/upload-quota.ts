import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { DEFAULT_UPLOAD_QUOTA, UPLOAD_MESSAGES } from '@promo/shared';
import type { DbOrTx, Tx } from '../db/client';
import { files, systemSettings } from '../db/schema';
import { holdLock } from './advisory-lock';
import { AppError } from './errors';

const DAY = 24 * 3600_000;
const MB = 1024 * 1024;

/** The quota of system settings (decision 028), or its default before the settings exist. */
async function uploadQuota(db: DbOrTx): Promise<{ mb: number; files: number }> {
  const [row] = await db
    .select({ mb: systemSettings.upload_quota_mb, files: systemSettings.upload_quota_files })
    .from(systemSettings)
    .orderBy(asc(systemSettings.id))
    .limit(1);
  return row ?? DEFAULT_UPLOAD_QUOTA;
}

/** The user's uploads of the last day that nothing has claimed yet. */
async function unclaimedOf(db: DbOrTx, userId: number): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({ files: count(), bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(and(eq(files.uploaded_by, userId), isNull(files.owner_table), eq(files.variant, 'upload'), gt(files.created_at, new Date(Date.now() - DAY))));
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Refuses (429) one more upload of `bytes` that would take the user's unclaimed uploads past the quota. */
export async function assertUploadQuota(db: DbOrTx, userId: number, bytes: number) {
  const quota = await uploadQuota(db);
  const used = await unclaimedOf(db, userId);
  if (used.files + 1 > quota.files || used.bytes + bytes > quota.mb * MB) {
    throw new AppError(429, UPLOAD_MESSAGES.quota, 'upload_quota_exceeded', { file: ['upload_quota_exceeded'] }, { files: quota.files, mb: quota.mb });
  }
}

/** Serialises one user's upload records, so two uploads at once cannot both pass the quota's last place. */
export const lockUserUploads = (tx: Tx, userId: number) => holdLock(tx, 'uploads', userId);
