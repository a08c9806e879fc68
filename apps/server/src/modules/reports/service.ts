import { eq, inArray } from 'drizzle-orm';
import {
  can,
  PROMOTION_STATUS_NAMES,
  type PrintedParcel,
  type PrinterParcelStatus,
  type ReportColumn,
  type ReportData,
  type ReportRow,
  type StationParcelStatus,
} from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { distributorParcelItems, distributorParcels, printedParcelItems, printReports, promotions } from '../../db/schema';
import { WRITE_LOCK } from '../../db/write-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, notFound } from '../../lib/errors';
import { recordEvent } from '../promotions/events';
import { getPromotion } from '../promotions/service';
import { distributorParcelsOf, freezeAmounts, loadReport, printedParcelsOf } from './load';
import { notify } from '../notifications/service';
import { queuePush } from '../push/outbox';
import { assertReportVisible, maySendToPrinters } from './access';
import { preflightOfSending } from './send-preflight';
import { deliveryFollowUp } from '../delivery/follow-up';

type Loaded = Awaited<ReturnType<typeof loadReport>>;

/** Pairs delivered per station: "stationId:psdId". */
export async function deliveredPairs(db: DbOrTx, promotionId: number) {
  const rows = await db
    .select({ station_id: distributorParcelItems.station_id, psd_id: distributorParcelItems.psd_id })
    .from(distributorParcelItems)
    .innerJoin(distributorParcels, eq(distributorParcels.id, distributorParcelItems.parcel_id))
    .where(eq(distributorParcels.promotion_id, promotionId));
  return new Set(rows.map((r) => `${r.station_id}:${r.psd_id}`));
}

export async function printedPsds(db: DbOrTx, psdIds: number[]) {
  if (!psdIds.length) return new Set<number>();
  const rows = await db.select({ psd_id: printedParcelItems.psd_id }).from(printedParcelItems).where(inArray(printedParcelItems.psd_id, psdIds));
  return new Set(rows.map((r) => r.psd_id));
}

/** Columns with a total above zero; not yet printed first, then printed (spec 001 §2.6). */
function columnsOf(report: Loaded, printed: Set<number>, showPrice: boolean): ReportColumn[] {
  const cols = report.psds
    .map((p) => {
      const t = report.totals.get(p.psd_id)!;
      return {
        id: p.psd_id,
        surface_id: p.surface_id,
        design_id: p.psd_id,
        name: `${p.surface_name} - ${p.design_name}`,
        surface_name: p.surface_name,
        design_name: p.design_name,
        printer_id: p.printer_id,
        printer_name: p.printer_name,
        sum: t.sum,
        percent: t.percent,
        total: t.total,
        price: t.price.toFixed(2),
        total_price: showPrice ? t.total_price.toFixed(2) : null,
        printed: printed.has(p.psd_id),
      };
    })
    .filter((c) => c.sum > 0);
  return [...cols.filter((c) => !c.printed), ...cols.filter((c) => c.printed)];
}

export async function reportView(db: Db, auth: AuthContext, promotionId: number, percent: number | undefined, trackingUrl: string): Promise<ReportData> {
  await assertReportVisible(db, auth, promotionId);
  const promotion = await getPromotion(db, promotionId);
  if (!promotion) throw notFound();
  const report = await loadReport(db, promotionId, percent);
  const psdIds = report.psds.map((p) => p.psd_id);
  const [printed, delivered, printedParcels, distributorParcels] = await Promise.all([
    printedPsds(db, psdIds),
    deliveredPairs(db, promotionId),
    printedParcelsOf(db, promotionId),
    distributorParcelsOf(db, promotionId),
  ]);
  const columns = columnsOf(report, printed, can(auth.user.role, 'reports.seePrice'));
  const shown = new Set(columns.map((c) => c.id));
  const psdById = new Map(report.psds.map((p) => [p.psd_id, p]));
  const rows: ReportRow[] = report.stations.map((s) => {
    const cells = [...(report.cells.get(s.id) ?? new Map<number, number>())]
      .filter(([psdId]) => shown.has(psdId))
      .map(([psdId, amount]) => {
        const psd = psdById.get(psdId)!;
        return { id: psdId, amount, printer_id: psd.printer_id, surface_id: psd.surface_id, design_id: psdId, sent: delivered.has(`${s.id}:${psdId}`) };
      });
    return {
      id: s.id,
      user_id: s.id,
      name: s.name,
      company_name: s.company_name,
      address: s.address,
      group: s.group,
      categories: s.categories,
      surfaces: cells,
      all_sent: cells.length > 0 && cells.every((c) => c.sent),
    };
  });
  return {
    promotion: promotion.promotion,
    columns,
    user_obj: rows,
    percent: report.percent,
    print_report: report.printReport
      ? { percent: report.printReport.percent, description_cm: report.printReport.description_cm, sent_at: report.printReport.created_at.toISOString() }
      : null,
    printed_promotions: printedParcels,
    use_users: parcelStatuses(printedParcels, report, delivered),
    arr_users_count_surfaces: rows.map((r) => ({
      id: r.id,
      user_id: r.id,
      name: r.name,
      sent_surfaces: r.surfaces.filter((c) => c.sent).length,
      total_surfaces: r.surfaces.length,
      tracker_number: distributorParcels.filter((p) => p.company_id === r.id && p.tracker_number).map((p) => p.tracker_number),
    })),
    distributor_parcels: distributorParcels,
    tracking_url: trackingUrl,
    delivery: await deliveryFollowUp(db, promotionId, report, delivered, distributorParcels),
    may_send_to_printers: await maySendToPrinters(db, auth, promotion.promotion),
  };
}

/** Each printed parcel, and whether every pair in it has reached every station due it. */
export async function printerParcelStatus(db: DbOrTx, auth: AuthContext, promotionId: number): Promise<PrinterParcelStatus[]> {
  await assertReportVisible(db, auth, promotionId);
  const [parcels, report, delivered] = await Promise.all([printedParcelsOf(db, promotionId), loadReport(db, promotionId), deliveredPairs(db, promotionId)]);
  return parcelStatuses(parcels, report, delivered);
}

function parcelStatuses(parcels: PrintedParcel[], report: Loaded, delivered: Set<string>): PrinterParcelStatus[] {
  const psdById = new Map(report.psds.map((p) => [p.psd_id, p]));
  const dueStations = (psdId: number) => report.stations.filter((s) => report.cells.get(s.id)?.has(psdId)).map((s) => s.id);
  return parcels.map((p) => ({
    id: p.id,
    tracker_number: p.printer_tracker_number,
    surfaces: p.sent_surfaces.map((x) => {
      const psd = psdById.get(x.design.id);
      return { surface: { id: x.surface.id, name: psd?.surface_name ?? '' }, design: { id: x.design.id, name: psd?.design_name ?? '' } };
    }),
    status: p.sent_surfaces.every((x) => dueStations(x.design.id).every((s) => delivered.has(`${s}:${x.design.id}`))) ? 'distributed' : 'at_distributor',
  }));
}

export async function stationParcelStatus(db: DbOrTx, auth: AuthContext, promotionId: number): Promise<StationParcelStatus[]> {
  await assertReportVisible(db, auth, promotionId);
  const [report, delivered] = await Promise.all([loadReport(db, promotionId), deliveredPairs(db, promotionId)]);
  return report.stations
    .filter((s) => report.cells.get(s.id)?.size)
    .map((s) => {
      const due = [...report.cells.get(s.id)!.keys()];
      const sent = due.filter((psdId) => delivered.has(`${s.id}:${psdId}`)).length;
      return { id: s.id, status: sent === 0 ? 'not_sent' : sent === due.length ? 'sent' : 'partly_sent' };
    });
}

/** The printers of the surfaces that print anything. */
const printerIdsOf = (report: Awaited<ReturnType<typeof loadReport>>) =>
  [...new Set(report.psds.filter((p) => report.totals.get(p.psd_id)!.total > 0).map((p) => p.printer_id!))];

/**
 * Send to printers (DOMAIN.md print flow 1): every design Completed, every surface with a total
 * above zero has a printer, sent once. Stores the print report, records the event, notifies the
 * printers. Returns the surfaces without a printer (then nothing is stored). Current HQ files with
 * preflight errors need an admin's confirmation, which is recorded (decision 017).
 */
export async function sendToPrinters(
  db: Db,
  auth: AuthContext,
  body: { promotion_id: number; percent_report: number; description_cm: string; confirm_preflight?: boolean },
) {
  return db.transaction(async (tx) => {
    const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, body.promotion_id)).for(WRITE_LOCK);
    if (!promotion) throw notFound();
    if (!(await maySendToPrinters(tx, auth, promotion))) {
      throw new AppError(403, "Only the promotion's responsible category manager, or the category manager of every design in it, can send it to the printers", 'send_to_printers_not_yours');
    }
    const [already] = await tx.select({ id: printReports.id }).from(printReports).where(eq(printReports.promotion_id, promotion.id));
    if (already) throw new AppError(409, 'The promotion has already been sent to the printers', 'already_sent_to_printers');
    const report = await loadReport(tx, promotion.id, body.percent_report);
    if (!report.psds.length || report.psds.some((p) => p.status !== 'Completed')) {
      throw new AppError(409, 'Not all designs in this Promotion have Complete status', 'not_all_designs_complete');
    }
    const withoutPrinter = report.psds.filter((p) => report.totals.get(p.psd_id)!.total > 0 && p.printer_id === null);
    const missing = [...new Map(withoutPrinter.map((p) => [p.surface_id, { id: p.surface_id, name: p.surface_name }])).values()];
    if (missing.length) return { sent: false as const, surfaces: missing };
    const printed = report.psds.filter((p) => report.totals.get(p.psd_id)!.total > 0);
    const preflight = await preflightOfSending(tx, printed);
    const { preflight_errors: errors } = preflight;
    if (errors.length && !body.confirm_preflight) {
      throw new AppError(422, 'Print files of some designs have preflight errors', 'preflight_errors', undefined, { count: errors.length }, preflight);
    }
    if (errors.length && !can(auth.user.role, 'reports.overridePreflight')) {
      throw new AppError(403, 'Only an admin can send print files with preflight errors', 'admin_override_only');
    }

    await tx.insert(printReports).values({ promotion_id: promotion.id, percent: body.percent_report, description_cm: body.description_cm, sent_by: auth.user.id });
    await freezeAmounts(tx, promotion.id, report.cells);
    await recordEvent(tx, promotion.id, 'sent_to_printers', auth.user.id);
    await writeAudit(tx, auth, {
      action: 'send_to_printers',
      entity: 'promotions',
      entityId: promotion.id,
      after: { percent: body.percent_report, description_cm: body.description_cm, printers: printerIdsOf(report) },
    });
    if (errors.length) {
      await recordEvent(tx, promotion.id, 'preflight_override', auth.user.id);
      await writeAudit(tx, auth, {
        action: 'preflight_override',
        entity: 'promotions',
        entityId: promotion.id,
        after: { designs: errors.map((e) => ({ psd_id: e.psd_id, file_name: e.file_name, kind: e.kind, message_id: e.message_id, checks: e.checks.map((c) => c.check) })) },
      });
    }
    // Every design is Completed: whatever it read before (a Draft never notified), it is at least Designer completed now.
    if (promotion.status < 2) {
      await tx.update(promotions).set({ status: 2 }).where(eq(promotions.id, promotion.id));
      await recordEvent(tx, promotion.id, `status_${PROMOTION_STATUS_NAMES[2]}`, auth.user.id);
    }
    await notify(tx, printerIdsOf(report), { kind: 'sent_to_printers', promotion_id: promotion.id, promotion_name: promotion.name, link: `/print-promotion-report?prom_id=${promotion.id}` });
    await queuePush(tx, printerIdsOf(report), { kind: 'to_print', facts: { promotion: promotion.name }, link: `/print-promotion-report?prom_id=${promotion.id}` });
    return { sent: true as const, surfaces: [], preflight: { preflight_pending: preflight.preflight_pending, preflight_failed: preflight.preflight_failed } };
  });
}

/**
 * Status 3 when every pair with a total above zero is in a printed parcel; 4 when every station
 * has every pair it is due (DOMAIN.md). Called inside the print and distribution transactions.
 */
export async function recomputeDeliveryStatus(tx: DbOrTx, promotionId: number, actorId: number, loaded?: Loaded) {
  const [promotion] = await tx.select({ status: promotions.status }).from(promotions).where(eq(promotions.id, promotionId)).for(WRITE_LOCK);
  if (!promotion) return null;
  const report = loaded ?? (await loadReport(tx, promotionId));
  const due = report.psds.filter((p) => report.totals.get(p.psd_id)!.total > 0).map((p) => p.psd_id);
  const printed = await printedPsds(tx, due);
  const delivered = await deliveredPairs(tx, promotionId);
  const allPrinted = due.length > 0 && due.every((id) => printed.has(id));
  const allDelivered = allPrinted && [...report.cells].every(([stationId, cells]) => [...cells.keys()].every((psdId) => delivered.has(`${stationId}:${psdId}`)));
  const next = allDelivered ? 4 : allPrinted ? 3 : promotion.status;
  if (next === promotion.status || next < promotion.status) return null;
  await tx.update(promotions).set({ status: next }).where(eq(promotions.id, promotionId));
  await recordEvent(tx, promotionId, next === 4 ? 'distributed' : 'printed', actorId);
  await recordEvent(tx, promotionId, `status_${PROMOTION_STATUS_NAMES[next]}`, actorId);
  return next;
}

