import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { PrintReportData, PrintReportRow, PromotionsListQuery } from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { printedParcelItems, printedParcels, printReports, promotions, promotionSurfaceDesigns, surfaces, systemSettings, users } from '../../db/schema';
import { WRITE_LOCK } from '../../db/write-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { namedDistributorId } from '../../lib/named-distributor';
import { urlImagesFor } from '../../lib/images';
import { notify } from '../notifications/service';
import { queuePush } from '../push/outbox';
import { recordEvent } from '../promotions/events';
import { getPromotion, listPromotions } from '../promotions/service';
import { loadReport, printedParcelsOf } from '../reports/load';
import { recomputeDeliveryStatus } from '../reports/service';
import { preflightsOf } from '../preflight/store';
import { newestHqFiles } from './hq-files';

/** Promotions sent to printers that hold a surface this printer prints. */
const printerScope = (printerId: number) =>
  and(
    exists(sql`(select 1 from ${printReports} where ${printReports.promotion_id} = ${promotions.id})`),
    exists(
      sql`(select 1 from ${promotionSurfaceDesigns} join ${surfaces} on ${surfaces.id} = ${promotionSurfaceDesigns.surface_id}
           where ${promotionSurfaceDesigns.promotion_id} = ${promotions.id} and ${surfaces.printer_id} = ${printerId})`,
    ),
  )!;

export const listPrintPromotions = (db: Db, auth: AuthContext, q: PromotionsListQuery) => listPromotions(db, q, printerScope(auth.user.id));

async function assertPrinterPromotion(db: DbOrTx, auth: AuthContext, promotionId: number) {
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(and(eq(promotions.id, promotionId), printerScope(auth.user.id)));
  if (!row) throw notFound();
}

/** This printer's pairs with a total above zero. */
async function printerPairs(db: DbOrTx, auth: AuthContext, promotionId: number) {
  const report = await loadReport(db, promotionId);
  const mine = report.psds.filter((p) => p.printer_id === auth.user.id && report.totals.get(p.psd_id)!.total > 0);
  return { report, mine };
}

export async function printReport(db: Db, auth: AuthContext, promotionId: number): Promise<PrintReportData> {
  await assertPrinterPromotion(db, auth, promotionId);
  const [promotion, { report, mine }, printed, [settings]] = await Promise.all([
    getPromotion(db, promotionId),
    printerPairs(db, auth, promotionId),
    printedParcelsOf(db, promotionId, auth.user.id),
    db
      .select({ name: users.name, company_name: users.company_name, post_address: users.post_address, postcode: users.postcode, kommune: users.kommune, phone: users.phone })
      .from(systemSettings)
      .innerJoin(users, eq(users.id, systemSettings.distributor_id))
      .limit(1),
  ]);
  const hq = await newestHqFiles(db, mine.map((p) => p.psd_id));
  const preflights = await preflightsOf(db, hq.map((h) => h.file.id));
  const surfaceRows = mine.length ? await db.select({ id: surfaces.id, image_id: surfaces.image_id }).from(surfaces).where(inArray(surfaces.id, mine.map((p) => p.surface_id))) : [];
  const images = await urlImagesFor(db, surfaceRows.map((s) => s.image_id));
  const trackerOf = new Map(printed.flatMap((p) => p.sent_surfaces.map((x) => [x.design.id, p.printer_tracker_number] as const)));
  const link = (psdId: number, kind: 'image' | 'document') => {
    const f = hq.find((h) => h.psd_id === psdId && h.kind === kind);
    return f
      ? {
          url: `/api/print-promotion-report/download-file?promotion_id=${promotionId}&design_id=${psdId}&kind=${kind}`,
          chat_id: f.chat_id,
          message_id: f.message_id,
          preflight: preflights.get(f.file.id) ?? null,
        }
      : null;
  };
  const rows: PrintReportRow[] = mine.map((p) => {
    const imageId = surfaceRows.find((s) => s.id === p.surface_id)?.image_id;
    return {
      surface: { id: p.surface_id, name: p.surface_name, url_images: imageId ? (images.get(imageId) ?? null) : null },
      design: { id: p.psd_id, name: p.design_name },
      image: link(p.psd_id, 'image'),
      document: link(p.psd_id, 'document'),
      total: report.totals.get(p.psd_id)!.total,
      tracker_number: trackerOf.get(p.psd_id) ?? null,
    };
  });
  return {
    promotion: promotion!.promotion,
    rows,
    printed,
    distributor: settings
      ? {
          name: settings.company_name || settings.name,
          address: [settings.post_address, [settings.postcode, settings.kommune].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          phone: settings.phone,
        }
      : null,
    print_report: { description_cm: report.printReport!.description_cm, percent: report.printReport!.percent, sent_at: report.printReport!.created_at.toISOString() },
  };
}

/** The newest live HQ file of one of this printer's designs. */
export async function printFile(db: Db, auth: AuthContext, q: { promotion_id: number; design_id: number; kind: 'image' | 'document' }) {
  await assertPrinterPromotion(db, auth, q.promotion_id);
  const [psd] = await db
    .select({ id: promotionSurfaceDesigns.id })
    .from(promotionSurfaceDesigns)
    .innerJoin(surfaces, eq(surfaces.id, promotionSurfaceDesigns.surface_id))
    .where(and(eq(promotionSurfaceDesigns.id, q.design_id), eq(promotionSurfaceDesigns.promotion_id, q.promotion_id), eq(surfaces.printer_id, auth.user.id)));
  if (!psd) throw notFound();
  const file = (await newestHqFiles(db, [psd.id])).find((f) => f.kind === q.kind);
  if (!file) throw notFound();
  return file.file;
}

/**
 * Set printed (DOMAIN.md print flow 3): the printer's own pairs, each printed once and each with
 * a print file, become one parcel. The promotion row lock makes simultaneous submissions of the
 * same pairs run one after the other: the second finds them printed and is refused.
 */
export async function setPrinted(
  db: Db,
  auth: AuthContext,
  body: { promotion_id: number; printer_tracker_number: string; description: string; sent_surfaces: { surface_id: number; design_id: number }[] },
) {
  return db.transaction(async (tx) => {
    const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, body.promotion_id)).for(WRITE_LOCK);
    if (!promotion) throw notFound();
    await assertPrinterPromotion(tx, auth, promotion.id);
    const { report, mine } = await printerPairs(tx, auth, promotion.id);
    const wanted = [...new Map(body.sent_surfaces.map((p) => [p.design_id, p])).values()];
    const hq = await newestHqFiles(tx, wanted.map((p) => p.design_id));
    const already = await tx.select({ psd_id: printedParcelItems.psd_id }).from(printedParcelItems).where(inArray(printedParcelItems.psd_id, wanted.map((p) => p.design_id)));
    for (const pair of wanted) {
      const psd = mine.find((p) => p.psd_id === pair.design_id && p.surface_id === pair.surface_id);
      if (!psd) throw invalidField('sent_surfaces', 'not_your_surface');
      if (already.some((a) => a.psd_id === pair.design_id)) throw new AppError(409, 'Already sent in a previous parcel', 'already_printed', { sent_surfaces: ['already_printed'] });
      if (!hq.some((h) => h.psd_id === pair.design_id)) throw invalidField('sent_surfaces', 'file_missing');
    }
    const [parcel] = await tx
      .insert(printedParcels)
      .values({ promotion_id: promotion.id, printer_id: auth.user.id, tracker_number: body.printer_tracker_number, description: body.description })
      .returning();
    await tx.insert(printedParcelItems).values(wanted.map((p) => ({ parcel_id: parcel!.id, psd_id: p.design_id, surface_id: p.surface_id, total: report.totals.get(p.design_id)!.total })));
    await recordEvent(tx, promotion.id, 'printed_parcel', auth.user.id);
    await recomputeDeliveryStatus(tx, promotion.id, auth.user.id, report);
    const distributorId = await namedDistributorId(tx);
    await notify(tx, [distributorId, promotion.manager_id], {
      kind: 'printed',
      promotion_id: promotion.id,
      promotion_name: promotion.name,
      link: `/promotion-report-view?prom_id=${promotion.id}`,
    });
    await queuePush(tx, [distributorId], { kind: 'parcels_to_send', facts: { promotion: promotion.name }, link: `/promotion-report-view?prom_id=${promotion.id}` });
    await writeAudit(tx, auth, { action: 'set_printed', entity: 'promotions', entityId: promotion.id, after: { parcel: parcel!.id, pairs: wanted } });
    return parcel!;
  });
}
