import { and, eq } from 'drizzle-orm';
import type { CompanyParcel, PromotionsListData, PromotionsListQuery, PsdStatus, UserPromotionData, UserPromotionRow } from '@promo/shared';
import type { Db } from '../../db/client';
import { promotions } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { notFound } from '../../lib/errors';
import { listPromotions, getPromotion } from '../promotions/service';
import { distributorParcelsOf, loadReport } from '../reports/load';
import { ownStation, visibleToStation } from './station';
import { deliveredSurfaces, photosOf } from '../delivery/placement';
import { stationDeadlinesOf } from './station-deadlines';

/** The carrier's page of a tracker number, or null without one. */
export const trackerUrl = (template: string, tracker: string) => (tracker ? template.replace('{tracker}', encodeURIComponent(tracker)) : null);

/**
 * GET /company_api/user-promotion: the promotion list, limited to what this station sees, each with
 * the deadline that concerns the station (amounts due, delivery expected), not the internal ones.
 */
export async function listUserPromotions(db: Db, auth: AuthContext, q: PromotionsListQuery): Promise<PromotionsListData> {
  const station = await ownStation(db, auth);
  const list = await listPromotions(db, q, visibleToStation(station));
  const deadlines = await stationDeadlinesOf(db, station.id, list.promotions.map((p) => p.id));
  return { ...list, promotions: list.promotions.map((p) => ({ ...p, deadline: deadlines.get(p.id) ?? null })) };
}

/**
 * The eye modal: the surface/design pairs of the promotion this station receives (a planned
 * amount above 0, or delivered), each with its design status and, once delivered, the amount,
 * the tracker number with its carrier link and the parcel's description. Only this station's
 * parcels. A promotion the station does not see is 404.
 */
export async function userPromotion(db: Db, auth: AuthContext, promotionId: number, trackingTemplate: string): Promise<UserPromotionData> {
  const station = await ownStation(db, auth);
  const [visible] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.id, promotionId), visibleToStation(station)));
  if (!visible) throw notFound();

  const [promotion, report, parcels, deadlines] = await Promise.all([
    getPromotion(db, promotionId),
    loadReport(db, promotionId),
    distributorParcelsOf(db, promotionId, station.id),
    stationDeadlinesOf(db, station.id, [promotionId]),
  ]);
  // The report's own amounts: the planner's until sent to printers, then the ones stored then.
  const planned = report.cells.get(station.id) ?? new Map<number, number>();

  const ownParcels: CompanyParcel[] = parcels.map((p) => ({
    id: p.id,
    tracker_number: p.tracker_number,
    tracker_url: trackerUrl(trackingTemplate, p.tracker_number),
    description: p.description,
    created_at: p.created_at,
    sent_surfaces: p.sent_surfaces.map((s) => ({ name: s.name, amount: s.amount, surface_id: s.surface_id, design_id: s.design_id })),
    receipt: p.receipt,
  }));
  const deliveredIn = new Map<number, { parcel: CompanyParcel; amount: number }>();
  for (const parcel of ownParcels) for (const s of parcel.sent_surfaces) deliveredIn.set(s.design_id, { parcel, amount: s.amount });

  const rows: UserPromotionRow[] = report.psds
    .filter((p) => deliveredIn.has(p.psd_id) || planned.has(p.psd_id))
    .map((p) => {
      const sent = deliveredIn.get(p.psd_id);
      return {
        id: p.psd_id,
        surface: { id: p.surface_id, name: p.surface_name },
        design: { id: p.psd_id, name: p.design_name, data: { status: p.status as PsdStatus } },
        planned_amount: planned.get(p.psd_id) ?? 0,
        sent: sent
          ? {
              amount: sent.amount,
              tracker_number: sent.parcel.tracker_number,
              tracker_url: sent.parcel.tracker_url,
              description: sent.parcel.description,
              parcel_id: sent.parcel.id,
              sent_at: sent.parcel.created_at,
            }
          : null,
      };
    });
  const [surfacesDelivered, photos] = await Promise.all([deliveredSurfaces(db, promotionId, station.id), photosOf(db, promotionId, station.id)]);
  const placement = surfacesDelivered.map((s) => ({
    surface_id: s.surface_id,
    surface_name: s.surface_name,
    photos: photos.filter((p) => p.surface_id === s.surface_id).map(({ station_id: _, ...p }) => p),
  }));
  return { promotion: { ...promotion!.promotion, deadline: deadlines.get(promotionId) ?? null }, surfaces: rows, distributor_parcels: ownParcels, tracking_url: trackingTemplate, placement };
}
