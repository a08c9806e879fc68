import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { printedParcels, promotions } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';

/** Promotions with at least one printed parcel: all a distributor works with (DOMAIN.md print flow 4). */
export const hasPrintedParcel = exists(sql`(select 1 from ${printedParcels} where ${printedParcels.promotion_id} = ${promotions.id})`);

/** The promotions whose report and parcel statuses the caller sees: staff every one, a distributor the printed ones. */
export const reportVisibleTo = (auth: AuthContext): SQL | undefined => (auth.user.role === 'distributor' ? hasPrintedParcel : undefined);

/** 404 for a promotion that does not exist or whose report the caller does not see. */
export async function assertReportVisible(db: DbOrTx, auth: AuthContext, promotionId: number) {
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(and(eq(promotions.id, promotionId), reportVisibleTo(auth)));
  if (!row) throw notFound();
}
