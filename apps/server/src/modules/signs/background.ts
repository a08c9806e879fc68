import { and, eq, isNull } from 'drizzle-orm';
import { fileExtension, type PreflightCheck, type SignLayout } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, invalidField } from '../../lib/errors';
import type { PreflightExtension, PreflightJob, PreflightOutcome } from '../../lib/preflight/job';
import type { Storage } from '../../lib/storage';

/** What a template's background may be: page 1 of a PDF, or a PNG or JPEG image. */
export const BACKGROUND_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg'] as const;
/** The owner of a template's background file: the template (design id). */
export const BACKGROUND_OWNER = 'sign_templates';
const FIELD = 'layout.background_file_id';

/** What a background's check needs of the preflight queue: its worker. */
export interface Inspector {
  inspect(job: PreflightJob): Promise<PreflightOutcome>;
}

/**
 * The background file a layout names, if the caller may use it: its own upload that nothing holds
 * yet, or the background this template already has. Answers the row and whether it is new to the template.
 */
async function usableFile(db: DbOrTx, auth: AuthContext, designId: number | null, fileId: number) {
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  const ownUpload = row && row.owner_table === null && row.variant === 'upload' && row.uploaded_by === auth.user.id;
  const templates = row && designId !== null && row.owner_table === BACKGROUND_OWNER && row.owner_id === designId;
  if (!row || !(ownUpload || templates)) throw invalidField(FIELD, 'unknown_upload');
  if (!(BACKGROUND_EXTENSIONS as readonly string[]).includes(fileExtension(row.original_name))) throw invalidField(FIELD, 'background_type');
  return { row, fresh: !!ownUpload };
}

/**
 * A background an unsaved layout may be drawn with (the editor's preview): the caller's own upload
 * or this template's file, never another file of the system.
 */
export async function usableBackground(db: DbOrTx, auth: AuthContext, designId: number, layout: SignLayout): Promise<void> {
  if (layout.background_file_id !== null) await usableFile(db, auth, designId, layout.background_file_id);
}

/**
 * Before the save's transaction: a new background is read by the preflight (in its worker) against
 * the trim size with bleed; its errors refuse the layout with the preflight's checks. A background
 * the template already has was checked when it came.
 */
export async function checkBackground(
  deps: { db: DbOrTx; storage: Storage; preflight: Inspector },
  auth: AuthContext,
  designId: number | null,
  layout: SignLayout,
): Promise<void> {
  if (layout.background_file_id === null) return;
  const { row, fresh } = await usableFile(deps.db, auth, designId, layout.background_file_id);
  if (!fresh) return;
  const extension = fileExtension(row.original_name) as PreflightExtension;
  const surface = `H${layout.height_mm} x W${layout.width_mm} mm`;
  const outcome = await deps.storage.withLocalFile(row.storage_key, (file) => deps.preflight.inspect({ file, extension, surface }));
  const errors: PreflightCheck[] = outcome.checks.filter((c) => c.level === 'error');
  if (errors.length) {
    throw new AppError(422, 'Validation failed', 'validation_failed', { [FIELD]: ['background_preflight'] }, undefined, { checks: outcome.checks });
  }
}

/** In the save's transaction: a new background becomes the template's (checked again: it may have gone meanwhile). */
export async function claimBackground(tx: DbOrTx, auth: AuthContext, designId: number, layout: SignLayout): Promise<void> {
  if (layout.background_file_id === null) return;
  const { row, fresh } = await usableFile(tx, auth, designId, layout.background_file_id);
  if (!fresh) return;
  const claimed = await tx
    .update(files)
    .set({ owner_table: BACKGROUND_OWNER, owner_id: designId, variant: 'original' })
    .where(and(eq(files.id, row.id), isNull(files.owner_table)))
    .returning({ id: files.id });
  if (!claimed.length) throw invalidField(FIELD, 'unknown_upload');
}
