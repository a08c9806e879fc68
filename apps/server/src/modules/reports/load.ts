import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DistributorParcel, PrintedParcel } from '@promo/shared';
import type { DbOrTx } from '../../db/client';
import {
  categories,
  designs,
  distributorParcelItems,
  distributorParcels,
  plannerAmounts,
  printedParcelItems,
  printedParcels,
  printReportAmounts,
  printReports,
  promotionSurfaceDesigns,
  surfaces,
  systemSettings,
  userCategories,
  users,
} from '../../db/schema';
import { allQueries } from '../../lib/queries';
import { computeReport, type ReportPsd, type ReportStation } from './compute';
import { receiptOf } from '../delivery/receipt';

export type StationInfo = ReportStation & { name: string; company_name: string; address: string; postcode: string; kommune: string; categories: string[] };
export type PsdInfo = ReportPsd & { status: string; surface_name: string; design_name: string; printer_id: number | null; printer_name: string | null; price_text: string };

/** Active stations with their categories; or, for a report sent to printers, the stations it was sent for. */
async function loadStations(db: DbOrTx, only?: number[]): Promise<StationInfo[]> {
  const which = only ? inArray(users.id, only.length ? only : [-1]) : and(eq(users.status, true), isNull(users.deleted_at));
  const [rows, links] = await allQueries(
    db,
    () =>
      db
        .select({ id: users.id, name: users.name, company_name: users.company_name, post_address: users.post_address, postcode: users.postcode, kommune: users.kommune, group: users.group })
        .from(users)
        .where(and(eq(users.role, 'user'), which))
        .orderBy(asc(users.name), asc(users.id)),
    () =>
      db.select({ user_id: userCategories.user_id, category_id: categories.id, name: categories.name }).from(userCategories).innerJoin(categories, eq(categories.id, userCategories.category_id)),
  );
  const linksOf = new Map<number, typeof links>();
  for (const l of links) {
    const own = linksOf.get(l.user_id);
    if (own) own.push(l);
    else linksOf.set(l.user_id, [l]);
  }
  return rows.map((r) => {
    const own = linksOf.get(r.id) ?? [];
    return {
      id: r.id,
      group: r.group,
      categoryIds: own.map((l) => l.category_id),
      categories: own.map((l) => l.name).sort(),
      name: r.name,
      company_name: r.company_name,
      address: [r.post_address, [r.postcode, r.kommune].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      postcode: r.postcode,
      kommune: r.kommune,
    };
  });
}

async function loadPsds(db: DbOrTx, promotionId: number): Promise<PsdInfo[]> {
  const rows = await db
    .select({
      psd_id: promotionSurfaceDesigns.id,
      status: promotionSurfaceDesigns.status,
      surface_id: surfaces.id,
      surface_name: surfaces.name,
      design_name: designs.name,
      category_id: categories.id,
      category_required: categories.required,
      category_groups: categories.groups,
      price: surfaces.price,
      printer_id: surfaces.printer_id,
      printer_name: users.name,
    })
    .from(promotionSurfaceDesigns)
    .innerJoin(surfaces, eq(surfaces.id, promotionSurfaceDesigns.surface_id))
    .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
    .innerJoin(categories, eq(categories.id, designs.category_id))
    .leftJoin(users, eq(users.id, surfaces.printer_id))
    .where(eq(promotionSurfaceDesigns.promotion_id, promotionId))
    .orderBy(asc(surfaces.name), asc(designs.name), asc(promotionSurfaceDesigns.id));
  return rows.map((r) => ({ ...r, price: Number(r.price), price_text: r.price }));
}

/** The percent of a promotion's report: fixed once sent to printers, else the request's, else the system setting. */
export async function reportPercent(db: DbOrTx, promotionId: number, requested?: number) {
  const [sent] = await db.select().from(printReports).where(eq(printReports.promotion_id, promotionId));
  if (sent) return { percent: sent.percent, printReport: sent };
  if (requested !== undefined) return { percent: requested, printReport: null };
  const [settings] = await db.select({ percent: systemSettings.percent_promotion_report }).from(systemSettings).limit(1);
  return { percent: settings?.percent ?? 0, printReport: null };
}

/**
 * The planner amounts above zero of these surfaces for these stations, as one array per surface
 * indexed like `stations`. Fetched as one text per surface ("station:amount,…") rather than a row
 * per amount: 2,000 stations × 300 surfaces are 600,000 rows, which cost seconds and 100 MB as
 * row objects.
 */
async function loadAmounts(db: DbOrTx, surfaceIds: number[], stations: { id: number }[]) {
  const bySurface = new Map<number, Int32Array>();
  if (!surfaceIds.length || !stations.length) return bySurface;
  const index = new Map(stations.map((s, i) => [s.id, i]));
  const rows = await db
    .select({
      surface_id: plannerAmounts.surface_id,
      cells: sql<string>`string_agg(${plannerAmounts.station_id}::text || ':' || ${plannerAmounts.amount}::text, ',')`,
    })
    .from(plannerAmounts)
    .where(and(inArray(plannerAmounts.surface_id, surfaceIds), gt(plannerAmounts.amount, 0)))
    .groupBy(plannerAmounts.surface_id);
  for (const row of rows) {
    const amounts = new Int32Array(stations.length);
    const text = row.cells;
    let station = 0;
    let amount = 0;
    let inAmount = false;
    for (let k = 0; k <= text.length; k++) {
      const c = k < text.length ? text.charCodeAt(k) : 44;
      if (c === 44 /* , */) {
        const i = index.get(station);
        if (i !== undefined) amounts[i] = amount;
        station = amount = 0;
        inAmount = false;
      } else if (c === 58 /* : */) inAmount = true;
      else if (inAmount) amount = amount * 10 + c - 48;
      else station = station * 10 + c - 48;
    }
    bySurface.set(row.surface_id, amounts);
  }
  return bySurface;
}

/** The amounts stored when the promotion was sent to printers: "stationId:psdId" -> amount. */
async function frozenAmounts(db: DbOrTx, promotionId: number) {
  const rows = await db
    .select({ station_id: printReportAmounts.station_id, psd_id: printReportAmounts.psd_id, amount: printReportAmounts.amount })
    .from(printReportAmounts)
    .where(eq(printReportAmounts.promotion_id, promotionId));
  return new Map(rows.map((r) => [`${r.station_id}:${r.psd_id}`, r.amount]));
}

/**
 * Everything the report, the Excel file, the print flow and the status rules compute from. Once
 * the promotion is sent to printers the amounts stored then are used, so later planner changes
 * do not move what the printers print and the distributor ships.
 */
export async function loadReport(db: DbOrTx, promotionId: number, requestedPercent?: number) {
  const [{ percent, printReport }, psds] = await allQueries(
    db,
    () => reportPercent(db, promotionId, requestedPercent),
    () => loadPsds(db, promotionId),
  );
  const frozen = printReport ? await frozenAmounts(db, promotionId) : new Map<string, number>();
  if (frozen.size) {
    const stations = await loadStations(db, [...new Set([...frozen.keys()].map((k) => Number(k.split(':')[0])))]);
    const amountOf = (stationId: number, psd: ReportPsd) => frozen.get(`${stationId}:${psd.psd_id}`) ?? 0;
    const computed = computeReport(stations, psds, amountOf, percent, () => true);
    return { percent, printReport, stations, psds, ...computed };
  }
  const stations = await loadStations(db);
  const amounts = await loadAmounts(db, [...new Set(psds.map((p) => p.surface_id))], stations);
  const position = new Map(stations.map((s, i) => [s.id, i]));
  const amountOf = (stationId: number, psd: ReportPsd) => {
    const i = position.get(stationId);
    return i === undefined ? 0 : (amounts.get(psd.surface_id)?.[i] ?? 0);
  };
  const computed = computeReport(stations, psds, amountOf, percent);
  return { percent, printReport, stations, psds, ...computed };
}

/** Stores the report's amounts with the print report (inside the send-to-printers transaction). */
export async function freezeAmounts(tx: DbOrTx, promotionId: number, cells: Map<number, Map<number, number>>) {
  const rows = [...cells].flatMap(([station_id, row]) => [...row].map(([psd_id, amount]) => ({ promotion_id: promotionId, station_id, psd_id, amount })));
  for (let i = 0; i < rows.length; i += 5000) await tx.insert(printReportAmounts).values(rows.slice(i, i + 5000));
}

export async function printedParcelsOf(db: DbOrTx, promotionId: number, printerId?: number): Promise<PrintedParcel[]> {
  const parcels = await db
    .select({ parcel: printedParcels, printer_name: users.name })
    .from(printedParcels)
    .leftJoin(users, eq(users.id, printedParcels.printer_id))
    .where(and(eq(printedParcels.promotion_id, promotionId), printerId ? eq(printedParcels.printer_id, printerId) : undefined))
    .orderBy(asc(printedParcels.created_at), asc(printedParcels.id));
  const items = parcels.length
    ? await db.select().from(printedParcelItems).where(inArray(printedParcelItems.parcel_id, parcels.map((p) => p.parcel.id)))
    : [];
  return parcels.map(({ parcel, printer_name }) => ({
    id: parcel.id,
    printer: parcel.printer_id && printer_name !== null ? { id: parcel.printer_id, name: printer_name } : null,
    printer_tracker_number: parcel.tracker_number,
    description: parcel.description,
    created_at: parcel.created_at.toISOString(),
    sent_surfaces: items.filter((i) => i.parcel_id === parcel.id).map((i) => ({ surface: { id: i.surface_id }, design: { id: i.psd_id } })),
  }));
}

export async function distributorParcelsOf(db: DbOrTx, promotionId: number, stationId?: number): Promise<DistributorParcel[]> {
  const parcels = await db
    .select()
    .from(distributorParcels)
    .where(and(eq(distributorParcels.promotion_id, promotionId), stationId ? eq(distributorParcels.station_id, stationId) : undefined))
    .orderBy(asc(distributorParcels.created_at), asc(distributorParcels.id));
  const items = parcels.length
    ? await db
        .select({ item: distributorParcelItems, surface_name: surfaces.name, design_name: designs.name })
        .from(distributorParcelItems)
        .innerJoin(surfaces, eq(surfaces.id, distributorParcelItems.surface_id))
        .innerJoin(promotionSurfaceDesigns, eq(promotionSurfaceDesigns.id, distributorParcelItems.psd_id))
        .innerJoin(designs, eq(designs.id, promotionSurfaceDesigns.design_id))
        .where(inArray(distributorParcelItems.parcel_id, parcels.map((p) => p.id)))
    : [];
  return parcels.map((p) => ({
    id: p.id,
    company_id: p.station_id,
    tracker_number: p.tracker_number,
    description: p.description,
    created_at: p.created_at.toISOString(),
    sent_surfaces: items
      .filter((i) => i.item.parcel_id === p.id)
      .map((i) => ({ surface_id: i.item.surface_id, design_id: i.item.psd_id, name: `${i.surface_name} - ${i.design_name}`, amount: i.item.amount })),
    receipt: receiptOf(p),
  }));
}
