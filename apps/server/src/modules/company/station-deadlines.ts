import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { deadlineOf, osloDay, type PromotionDeadline } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { distributorParcelItems, distributorParcels, printReportAmounts, printReports } from '../../db/schema';
import { milestonesOf } from '../promotions/milestones';

/**
 * The deadline a station's promotion list shows (issue 21, decision 024): only the two that are the
 * station's business. Before the promotion is sent to printers, its amounts are due by the
 * sent-to-printers milestone; after it, a delivery is expected by the delivered milestone until every
 * pair due to this station has come and each of its parcels is confirmed received. The internal
 * milestones (brief, designs complete, printed) are never shown to a station.
 */
export async function stationDeadlinesOf(db: DbOrTx, stationId: number, promotionIds: number[], today = osloDay(new Date())) {
  const result = new Map<number, PromotionDeadline | null>();
  const ids = [...new Set(promotionIds)];
  if (!ids.length) return result;
  const [lists, sent, waiting] = await Promise.all([
    milestonesOf(db, ids),
    db.select({ id: printReports.promotion_id }).from(printReports).where(inArray(printReports.promotion_id, ids)),
    deliveriesWaiting(db, stationId, ids),
  ]);
  const sentIds = new Set(sent.map((s) => s.id));
  for (const id of ids) {
    const list = lists.get(id);
    if (!sentIds.has(id)) result.set(id, deadlineOf(list, 'sent_to_printers', today));
    else result.set(id, waiting.has(id) ? deadlineOf(list, 'delivered', today) : null);
  }
  return result;
}

/** The promotions where this station still waits for a pair, or has a parcel not confirmed received. */
async function deliveriesWaiting(db: DbOrTx, stationId: number, ids: number[]): Promise<Set<number>> {
  const [undelivered, unconfirmed] = await Promise.all([
    db
      .selectDistinct({ id: printReportAmounts.promotion_id })
      .from(printReportAmounts)
      .where(
        and(
          eq(printReportAmounts.station_id, stationId),
          inArray(printReportAmounts.promotion_id, ids),
          sql`not exists (select 1 from ${distributorParcelItems} where ${distributorParcelItems.station_id} = ${stationId} and ${distributorParcelItems.psd_id} = ${printReportAmounts.psd_id})`,
        ),
      ),
    db
      .selectDistinct({ id: distributorParcels.promotion_id })
      .from(distributorParcels)
      .where(and(eq(distributorParcels.station_id, stationId), inArray(distributorParcels.promotion_id, ids), isNull(distributorParcels.received_at))),
  ]);
  return new Set([...undelivered, ...unconfirmed].map((r) => r.id));
}
