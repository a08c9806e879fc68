import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, designs, promotions, promotionSurfaceDesigns, surfaces, users } from '../../db/schema';
import { designLink } from '../waiting/service';
import { queuePush } from './outbox';

/** The design's promotion, names and link, as "waiting for me" shows them. */
export async function designFacts(tx: DbOrTx, psdId: number) {
  const [row] = await tx
    .select({
      promotion_id: promotions.id,
      promotion: promotions.name,
      surface_id: surfaces.id,
      subject: sql<string>`${designs.name} || ' · ' || ${surfaces.name}`,
      designer_id: promotionSurfaceDesigns.designer_id,
      manager_id: categories.manager_id,
    })
    .from(promotionSurfaceDesigns)
    .innerJoin(promotions, eq(promotions.id, promotionSurfaceDesigns.promotion_id))
    .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
    .innerJoin(categories, eq(categories.id, designs.category_id))
    .innerJoin(surfaces, eq(surfaces.id, promotionSurfaceDesigns.surface_id))
    .where(eq(promotionSurfaceDesigns.id, psdId));
  if (!row) return null;
  return { ...row, link: designLink({ ...row, psd_id: psdId }) };
}

const activeUsers = (where: SQL | undefined) => and(eq(users.status, true), isNull(users.deleted_at), where);

/** A design's brief went out (status Brief): its designer, or every designer while nobody holds it. */
export async function pushNewBrief(tx: DbOrTx, psdId: number) {
  const d = await designFacts(tx, psdId);
  if (!d) return;
  const designers = await tx
    .select({ id: users.id })
    .from(users)
    .where(activeUsers(d.designer_id ? eq(users.id, d.designer_id) : eq(users.role, 'designer')));
  await queuePush(tx, designers.map((u) => u.id), { kind: 'new_brief', facts: { promotion: d.promotion, subject: d.subject }, link: d.link });
}

/** A designer sent a sketch: the cm of the design's category and the cm-admins rate it. */
export async function pushSketchToRate(tx: DbOrTx, psdId: number) {
  const d = await designFacts(tx, psdId);
  if (!d) return;
  const managers = await tx
    .select({ id: users.id })
    .from(users)
    .where(activeUsers(or(eq(users.role, 'cm-admin'), and(eq(users.role, 'cm'), inArray(users.id, d.manager_id ? [d.manager_id] : [-1])))));
  await queuePush(tx, managers.map((u) => u.id), { kind: 'sketch_to_rate', facts: { promotion: d.promotion, subject: d.subject }, link: d.link });
}
