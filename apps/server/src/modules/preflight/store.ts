import { and, asc, eq, inArray } from 'drizzle-orm';
import { fileExtension, type Preflight, type PreflightCheck, type PreflightStatus, type SurfaceSizeUnit } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { filePreflights, files, surfaces, systemSettings } from '../../db/schema';
import { isPreflightExtension, type PreflightOutcome } from '../../lib/preflight/job';
import { surfaceSizeLabel } from '../../lib/preflight/surface-size';
import { allQueries } from '../../lib/queries';

type PreflightRow = typeof filePreflights.$inferSelect;

const toPreflight = (r: PreflightRow): Preflight => ({ status: r.status as PreflightStatus, checks: r.checks as PreflightCheck[], surface_size: r.surface_size });

/**
 * In the HQ message's transaction: a pending preflight of its file, against the surface its design
 * sits on, in the unit of the system settings, as they are now. Null for files the preflight does
 * not read (ai, zip, ...).
 */
export async function startPreflight(tx: DbOrTx, file: { id: number; original_name: string }, surfaceId: number): Promise<Preflight | null> {
  if (!isPreflightExtension(fileExtension(file.original_name))) return null;
  const [[surface], [settings]] = await allQueries(
    tx,
    () => tx.select({ size: surfaces.size_surface }).from(surfaces).where(eq(surfaces.id, surfaceId)),
    () => tx.select({ unit: systemSettings.surface_size_unit }).from(systemSettings).orderBy(asc(systemSettings.id)).limit(1),
  );
  const label = surfaceSizeLabel(surface?.size ?? '', (settings?.unit ?? 'cm') as SurfaceSizeUnit);
  const [row] = await tx.insert(filePreflights).values({ file_id: file.id, status: 'pending', surface_size: label }).returning();
  return toPreflight(row!);
}

/** file id -> its preflight, for the files that have one. */
export async function preflightsOf(db: DbOrTx, fileIds: (number | null)[]): Promise<Map<number, Preflight>> {
  const ids = [...new Set(fileIds.filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  const rows = await db.select().from(filePreflights).where(inArray(filePreflights.file_id, ids));
  return new Map(rows.map((r) => [r.file_id, toPreflight(r)]));
}

/** A pending preflight with what the worker needs: the stored file and the surface size. */
export async function pendingJob(db: DbOrTx, fileId: number) {
  const [row] = await db
    .select({ storage_key: files.storage_key, name: files.original_name, surface_size: filePreflights.surface_size })
    .from(filePreflights)
    .innerJoin(files, eq(files.id, filePreflights.file_id))
    .where(and(eq(filePreflights.file_id, fileId), eq(filePreflights.status, 'pending')));
  return row ?? null;
}

export async function pendingFileIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: filePreflights.file_id }).from(filePreflights).where(eq(filePreflights.status, 'pending')).orderBy(asc(filePreflights.created_at));
  return rows.map((r) => r.id);
}

/** Stores the outcome if the preflight is still pending (the file may have gone meanwhile); whether it did. */
export async function savePreflight(db: DbOrTx, fileId: number, outcome: PreflightOutcome): Promise<boolean> {
  const saved = await db
    .update(filePreflights)
    .set({ status: outcome.status, checks: outcome.checks, updated_at: new Date() })
    .where(and(eq(filePreflights.file_id, fileId), eq(filePreflights.status, 'pending')))
    .returning({ id: filePreflights.file_id });
  return saved.length > 0;
}
