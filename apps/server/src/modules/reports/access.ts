import { and, eq, exists, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { can } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { categories, designs, printedParcels, promotions, promotionSurfaceDesigns } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import { isNamedDistributor } from '../../lib/named-distributor';

/** Promotions with at least one printed parcel: all a distributor works with (DOMAIN.md print flow 4). */
export const hasPrintedParcel = exists(sql`(select 1 from ${printedParcels} where ${printedParcels.promotion_id} = ${promotions.id})`);

/**
 * The promotions whose report and parcel statuses the caller sees: staff every one, the distributor
 * system settings name the printed ones, another distributor account none (decision 026).
 */
export const reportVisibleTo = (auth: AuthContext): SQL | undefined =>
  auth.user.role === 'distributor' ? and(hasPrintedParcel, isNamedDistributor(auth.user.id)) : undefined;

/** 404 for a promotion that does not exist or whose report the caller does not see. */
export async function assertReportVisible(db: DbOrTx, auth: AuthContext, promotionId: number) {
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(and(eq(promotions.id, promotionId), reportVisibleTo(auth)));
  if (!row) throw notFound();
}

/**
 * Who sends a promotion to the printers (decision 026): admin and cm-admin any; a cm the promotion
 * it is the responsible manager of, or one whose every design is of a category the cm manages, so
 * no cm sends designs it cannot see.
 */
export async function maySendToPrinters(db: DbOrTx, auth: AuthContext, promotion: { id: number; manager_id: number | null }) {
  if (!can(auth.user.role, 'reports.send')) return false;
  if (auth.user.role !== 'cm' || promotion.manager_id === auth.user.id) return true;
  const [foreign] = await db
    .select({ id: promotionSurfaceDesigns.id })
    .from(promotionSurfaceDesigns)
    .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
    .innerJoin(categories, eq(categories.id, designs.category_id))
    .where(and(eq(promotionSurfaceDesigns.promotion_id, promotion.id), or(isNull(categories.manager_id), ne(categories.manager_id, auth.user.id))))
    .limit(1);
  return !foreign;
}
