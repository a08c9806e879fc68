import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { PromotionsListQuery } from '@promo/shared';
import type { Db } from '../../db/client';
import { distributorParcelItems, distributorParcels, printedParcelItems, promotions, users } from '../../db/schema';
import { WRITE_LOCK } from '../../db/write-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { notify } from '../notifications/service';
import { queuePush } from '../push/outbox';
import { recordEvent } from '../promotions/events';
import { listPromotions } from '../promotions/service';
import { loadReport } from '../reports/load';
import { hasPrintedParcel } from '../reports/access';
import { recomputeDeliveryStatus } from '../reports/service';
import { allQueries } from '../../lib/queries';

export const listDistributorPromotions = (db: Db, q: PromotionsListQuery) => listPromotions(db, q, hasPrintedParcel);

/**
 * A distributor parcel to one station (DOMAIN.md print flow 4): only printed pairs the station is
 * due, each delivered to a station once, with the amounts of the report (the client's are ignored).
 */
export async function setDistributorTracker(
  db: Db,
  auth: AuthContext,
  body: { promotion_id: number; company_id: number; tracker_number: string; description: string; sent_surfaces: { surface_id: number; design_id: number }[] },
) {
  return db.transaction(async (tx) => {
    const [promotion] = await tx.select().from(promotions).where(and(eq(promotions.id, body.promotion_id), hasPrintedParcel)).for(WRITE_LOCK);
    if (!promotion) throw notFound();
    const [station] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.company_id), eq(users.role, 'user'), eq(users.status, true), isNull(users.deleted_at)));
    if (!station) throw invalidField('company_id', 'not_found');
    const report = await loadReport(tx, promotion.id);
    const due = report.cells.get(station.id) ?? new Map<number, number>();
    const wanted = [...new Map(body.sent_surfaces.map((p) => [p.design_id, p])).values()];
    const ids = wanted.map((p) => p.design_id);
    const [printed, delivered] = await allQueries(
      tx,
      () => tx.select({ psd_id: printedParcelItems.psd_id }).from(printedParcelItems).where(inArray(printedParcelItems.psd_id, ids)),
      () =>
        tx
          .select({ psd_id: distributorParcelItems.psd_id })
          .from(distributorParcelItems)
          .where(and(eq(distributorParcelItems.station_id, station.id), inArray(distributorParcelItems.psd_id, ids))),
    );
    for (const pair of wanted) {
      const psd = report.psds.find((p) => p.psd_id === pair.design_id && p.surface_id === pair.surface_id);
      if (!psd || !due.has(pair.design_id)) throw invalidField('sent_surfaces', 'not_due_to_station');
      if (!printed.some((p) => p.psd_id === pair.design_id)) throw invalidField('sent_surfaces', 'not_sent_to_printer');
      if (delivered.some((d) => d.psd_id === pair.design_id)) throw new AppError(409, 'Already sent to this station', 'already_sent_to_station', { sent_surfaces: ['already_sent_to_station'] });
    }
    const [parcel] = await tx
      .insert(distributorParcels)
      .values({ promotion_id: promotion.id, station_id: station.id, distributor_id: auth.user.id, tracker_number: body.tracker_number, description: body.description })
      .returning();
    await tx
      .insert(distributorParcelItems)
      .values(wanted.map((p) => ({ parcel_id: parcel!.id, station_id: station.id, psd_id: p.design_id, surface_id: p.surface_id, amount: due.get(p.design_id)! })));
    await recordEvent(tx, promotion.id, 'distributor_parcel', auth.user.id);
    const status = await recomputeDeliveryStatus(tx, promotion.id, auth.user.id, report);
    const link = `/user-promotions`;
    await notify(tx, [station.id], { kind: 'distributed', promotion_id: promotion.id, promotion_name: promotion.name, link });
    await queuePush(tx, [station.id], { kind: 'parcel_sent', facts: { promotion: promotion.name, tracker: body.tracker_number }, link: `/user-promotions/${promotion.id}?parcel=${parcel!.id}` });
    if (status === 4) {
      await notify(tx, [promotion.manager_id], { kind: 'distributed', promotion_id: promotion.id, promotion_name: promotion.name, link: `/promotion-report-view?prom_id=${promotion.id}` });
    }
    await writeAudit(tx, auth, { action: 'set_distributor_tracker', entity: 'promotions', entityId: promotion.id, after: { parcel: parcel!.id, station: station.id, pairs: wanted } });
    return parcel!;
  });
}
