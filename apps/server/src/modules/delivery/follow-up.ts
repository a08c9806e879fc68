import { osloDay, type DeliveryFollowUp, type DistributorParcel, type StationFollowUp } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import { milestonesOf } from '../promotions/milestones';
import type { loadReport } from '../reports/load';
import { photosOf } from './placement';

type Loaded = Awaited<ReturnType<typeof loadReport>>;

/**
 * Per station that is due something or has a parcel: sent → received → placed (decision 019).
 * `late`: the promotion's 'delivered' milestone has passed (Oslo day) and a parcel sent to the
 * station is not confirmed. What was never sent is not the station's delay (decision 031): its row
 * says "not sent".
 */
export async function deliveryFollowUp(
  db: DbOrTx,
  promotionId: number,
  report: Loaded,
  delivered: Set<string>,
  parcels: DistributorParcel[],
  today = osloDay(new Date()),
): Promise<DeliveryFollowUp> {
  const [milestones, photos] = await Promise.all([milestonesOf(db, [promotionId]), photosOf(db, promotionId)]);
  const dueOn = milestones.get(promotionId)?.milestones.find((m) => m.milestone === 'delivered')?.due_on ?? '';
  const pastDue = !!dueOn && today > dueOn;
  const parcelsOf = new Map<number, DistributorParcel[]>();
  for (const p of parcels) parcelsOf.set(p.company_id, [...(parcelsOf.get(p.company_id) ?? []), p]);

  const stations: StationFollowUp[] = [];
  for (const s of report.stations) {
    const due = [...(report.cells.get(s.id)?.keys() ?? [])];
    const own = parcelsOf.get(s.id) ?? [];
    if (!due.length && !own.length) continue;
    const sentCount = due.filter((psdId) => delivered.has(`${s.id}:${psdId}`)).length;
    const sent: StationFollowUp['sent'] = due.length && sentCount === due.length ? 'sent' : sentCount || own.length ? 'partly_sent' : 'not_sent';
    const received: StationFollowUp['received'] = !own.length
      ? 'none'
      : own.some((p) => !p.receipt)
        ? 'pending'
        : own.some((p) => p.receipt!.status === 'problem')
          ? 'problem'
          : 'ok';
    const surfaceIds = new Set(own.flatMap((p) => p.sent_surfaces.map((x) => x.surface_id)));
    const ownPhotos = photos.filter((ph) => ph.station_id === s.id).map(({ station_id: _, ...ph }) => ph);
    const placed = new Set(ownPhotos.map((ph) => ph.surface_id).filter((id) => surfaceIds.has(id)));
    stations.push({
      station_id: s.id,
      name: s.name,
      sent,
      parcels: own.map((p) => ({ id: p.id, tracker_number: p.tracker_number, created_at: p.created_at, receipt: p.receipt })),
      received,
      photos: ownPhotos,
      surfaces_delivered: surfaceIds.size,
      surfaces_placed: placed.size,
      late: pastDue && received === 'pending',
    });
  }
  return { delivered_due_on: dueOn, stations };
}
