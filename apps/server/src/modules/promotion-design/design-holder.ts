import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { promotionSurfaceDesigns } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';
import type { PsdRow } from './psd-access';

/**
 * A file of a type (Sketch, HQ, LQ) is the design's work (decision 004): among designers only the
 * one it is bound to sends one, and a designer who sends one to a design nobody holds takes it.
 * The other roles that may choose a type manage the design and are not bound. The caller holds the
 * design's row for update, so two designers sending at once cannot both take it.
 */
export async function assertDesignHolder(tx: DbOrTx, auth: AuthContext, psd: PsdRow) {
  if (auth.user.role !== 'designer' || psd.designer_id === auth.user.id) return;
  if (psd.designer_id !== null) {
    throw new AppError(403, 'Another designer holds this design', 'design_bound_to_other', { type_file: ['design_bound_to_other'] });
  }
  await tx.update(promotionSurfaceDesigns).set({ designer_id: auth.user.id, updated_at: new Date() }).where(eq(promotionSurfaceDesigns.id, psd.id));
  await writeAudit(tx, auth, { action: 'bind_designer', entity: 'promotion_surface_designs', entityId: psd.id, before: { designer_id: null }, after: { designer_id: auth.user.id } });
}
