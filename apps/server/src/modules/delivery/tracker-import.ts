import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  fileExtension,
  MAX_TRACKER_IMPORT_BYTES,
  MAX_TRACKER_IMPORT_ROWS,
  MAX_TRACKER_LENGTH,
  TRACKER_IMPORT_EXTENSIONS,
  type TrackerImportResult,
  type TrackerImportRow,
} from '@promo/shared';
import type { Db, DbOrTx } from '../../db/client';
import { distributorParcelItems, distributorParcels, promotions, users } from '../../db/schema';
import { WRITE_LOCK } from '../../db/write-lock';
import { writeAudit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { AppError, notFound } from '../../lib/errors';
import { sheetRows, UnreadableFile, type SheetRow } from '../catalogue-import/read-rows';
import { notify } from '../notifications/service';
import { queuePush } from '../push/outbox';
import { recordEvent } from '../promotions/events';
import { hasPrintedParcel } from '../reports/access';
import { loadReport } from '../reports/load';
import { deliveredPairs, printedPsds, recomputeDeliveryStatus } from '../reports/service';

const fileError = (key: string, status = 422) => new AppError(status, 'The tracker file cannot be used', key, { file: [key] });

/** Reads the uploaded part into memory, refusing more than MAX_TRACKER_IMPORT_BYTES (a tracker file is small). */
export async function readTrackerFile(name: string, stream: Readable): Promise<SheetRow[]> {
  const ext = fileExtension(name);
  if (!(TRACKER_IMPORT_EXTENSIONS as readonly string[]).includes(ext)) {
    stream.resume();
    throw fileError('unsupported_file_type');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_TRACKER_IMPORT_BYTES) throw fileError('file_too_large', 413);
    chunks.push(chunk as Buffer);
  }
  if (!size) throw fileError('file_empty');
  const bytes = Buffer.concat(chunks);
  const rows: SheetRow[] = [];
  try {
    for await (const row of sheetRows(ext === 'txt' ? 'file.csv' : name, async () => Readable.from([bytes])).rows) {
      rows.push(row);
      if (rows.length > MAX_TRACKER_IMPORT_ROWS + 1) throw fileError('too_many_rows');
    }
  } catch (err) {
    if (err instanceof UnreadableFile) throw fileError(err.reason === 'archive_too_large' ? 'archive_too_large' : 'file_unreadable');
    throw err;
  }
  return rows;
}

const TRACKER_HEADER = /track|sporing|kolli|sending|shipment|parcel/i;
const STATION_HEADER = /stasjon|station|butikk|store|navn|name|^id$|kunde|customer/i;

/**
 * The columns: a first row naming a tracker column is a header (the station column is the one
 * its header names, else the first other column); without one, column A is the station and B
 * the tracker number.
 */
function columnsOf(rows: SheetRow[]) {
  const first = rows[0]?.cells.map((c) => c.trim()) ?? [];
  const tracker = first.findIndex((c) => TRACKER_HEADER.test(c));
  if (tracker === -1) return { header: false, station: 0, tracker: 1 };
  const named = first.findIndex((c, i) => i !== tracker && STATION_HEADER.test(c));
  return { header: true, station: named !== -1 ? named : tracker === 0 ? 1 : 0, tracker };
}

type Station = { id: number; name: string };

const activeStation = () => and(eq(users.role, 'user'), eq(users.status, true), isNull(users.deleted_at));
const isIdText = (s: string) => /^\d{1,9}$/.test(s);

/** The active stations the rows name: by id (digits), or by name, case and outer spaces aside. */
async function stationsNamed(db: DbOrTx, texts: string[]) {
  const ids = [...new Set(texts.filter(isIdText).map(Number))];
  const names = [...new Set(texts.filter((s) => s && !isIdText(s)).map((s) => s.toLowerCase()))];
  const [byId, byName] = await Promise.all([
    ids.length ? db.select({ id: users.id, name: users.name }).from(users).where(and(activeStation(), inArray(users.id, ids))) : Promise.resolve([] as Station[]),
    names.length
      ? db.select({ id: users.id, name: users.name }).from(users).where(and(activeStation(), inArray(sql`lower(trim(${users.name}))`, names)))
      : Promise.resolve([] as Station[]),
  ]);
  return { byId: new Map(byId.map((s) => [s.id, s])), byName };
}

/**
 * What the file would do to a promotion, row by row (decision 019): each good row either registers
 * a new parcel to the station with its printed pairs not yet sent, or sets the tracker number of
 * its newest parcel when everything printed has reached it. The single tracker form's rules apply.
 */
export async function planTrackerImport(db: DbOrTx, promotionId: number, sheet: SheetRow[]) {
  const cols = columnsOf(sheet);
  const data = cols.header ? sheet.slice(1) : sheet;
  if (!data.length) throw fileError('file_no_rows');
  if (data.length > MAX_TRACKER_IMPORT_ROWS) throw fileError('too_many_rows');
  const parsed = data.map((r) => ({ row: r.row, station_text: (r.cells[cols.station] ?? '').trim(), tracker_number: (r.cells[cols.tracker] ?? '').trim() }));

  const [report, delivered, { byId, byName }, parcels] = await Promise.all([
    loadReport(db, promotionId),
    deliveredPairs(db, promotionId),
    stationsNamed(
      db,
      parsed.map((r) => r.station_text),
    ),
    db
      .select({ id: distributorParcels.id, station_id: distributorParcels.station_id, tracker_number: distributorParcels.tracker_number })
      .from(distributorParcels)
      .where(eq(distributorParcels.promotion_id, promotionId))
      .orderBy(distributorParcels.created_at, distributorParcels.id),
  ]);
  const printed = await printedPsds(
    db,
    report.psds.map((p) => p.psd_id),
  );

  const seen = new Map<number, number>();
  const rows: (TrackerImportRow & { create?: { psd_id: number; surface_id: number; amount: number }[]; parcel_id?: number })[] = parsed.map((r) => {
    const errors: string[] = [];
    let station: Station | null = null;
    if (!r.station_text) errors.push('station_required');
    else if (isIdText(r.station_text)) {
      station = byId.get(Number(r.station_text)) ?? null;
      if (!station) errors.push('station_unknown');
    } else {
      const matches = byName.filter((s) => s.name.trim().toLowerCase() === r.station_text.toLowerCase());
      if (matches.length > 1) errors.push('station_ambiguous');
      else if (!matches.length) errors.push('station_unknown');
      else station = matches[0]!;
    }
    if (!r.tracker_number) errors.push('tracker_number_required');
    else if (r.tracker_number.length > MAX_TRACKER_LENGTH) errors.push('max_length');
    const out: TrackerImportRow & { create?: { psd_id: number; surface_id: number; amount: number }[]; parcel_id?: number } = {
      row: r.row,
      station_text: r.station_text.slice(0, 200),
      tracker_number: r.tracker_number.slice(0, MAX_TRACKER_LENGTH + 1),
      station,
      action: null,
      old_tracker: null,
      pairs: 0,
      errors,
    };
    if (!station) return out;
    const first = seen.get(station.id);
    if (first !== undefined) errors.push('duplicate_station');
    else seen.set(station.id, r.row);
    const due = report.cells.get(station.id);
    const own = parcels.filter((p) => p.station_id === station.id);
    if (!due?.size && !own.length) {
      errors.push('station_not_in_promotion');
      return out;
    }
    const toSend = [...(due ?? new Map<number, number>())]
      .filter(([psdId]) => printed.has(psdId) && !delivered.has(`${station.id}:${psdId}`))
      .map(([psdId, amount]) => ({ psd_id: psdId, surface_id: report.psds.find((p) => p.psd_id === psdId)!.surface_id, amount }));
    if (toSend.length) {
      out.action = 'create';
      out.pairs = toSend.length;
      out.create = toSend;
    } else if (own.length) {
      const newest = own[own.length - 1]!;
      out.old_tracker = newest.tracker_number;
      out.parcel_id = newest.id;
      out.action = newest.tracker_number === r.tracker_number ? 'unchanged' : 'update';
    } else errors.push('not_sent_to_printer');
    if (errors.length) out.action = null;
    return out;
  });

  const shown: TrackerImportRow[] = rows.map(({ create: _c, parcel_id: _p, ...r }) => r);
  const plan = createHash('sha256')
    .update(JSON.stringify(shown.map((r) => [r.row, r.station?.id ?? null, r.tracker_number, r.action, r.old_tracker, r.pairs, r.errors])))
    .digest('hex')
    .slice(0, 32);
  const result: TrackerImportResult = {
    rows: shown,
    errors: rows.filter((r) => r.errors.length).length,
    creates: rows.filter((r) => r.action === 'create').length,
    updates: rows.filter((r) => r.action === 'update').length,
    unchanged: rows.filter((r) => r.action === 'unchanged').length,
    plan,
    applied: false,
  };
  return { result, rows, report };
}

async function importablePromotion(db: DbOrTx, promotionId: number, lock: boolean) {
  const query = db.select().from(promotions).where(and(eq(promotions.id, promotionId), hasPrintedParcel));
  const [promotion] = lock ? await query.for(WRITE_LOCK) : await query;
  if (!promotion) throw notFound();
  return promotion;
}

export async function previewTrackerImport(db: Db, promotionId: number, sheet: SheetRow[]) {
  await importablePromotion(db, promotionId, false);
  return (await planTrackerImport(db, promotionId, sheet)).result;
}

/**
 * Applies a previewed file in one transaction, or nothing: refused (422, the rows in `data`) while
 * any row has an error, and (409) when the plan is no longer the one previewed.
 */
export async function applyTrackerImport(db: Db, auth: AuthContext, promotionId: number, sheet: SheetRow[], expectedPlan: string) {
  return db.transaction(async (tx) => {
    const promotion = await importablePromotion(tx, promotionId, true);
    const { result, rows, report } = await planTrackerImport(tx, promotionId, sheet);
    if (result.errors) {
      throw new AppError(422, 'Some rows of the file have errors', 'tracker_import_errors', { file: ['rows_have_errors'] }, { count: result.errors }, result);
    }
    if (result.plan !== expectedPlan) throw new AppError(409, 'The data changed since the preview', 'tracker_import_changed', undefined, undefined, result);
    const stations: number[] = [];
    for (const r of rows) {
      if (r.action === 'create') {
        const [parcel] = await tx
          .insert(distributorParcels)
          .values({ promotion_id: promotionId, station_id: r.station!.id, distributor_id: auth.user.id, tracker_number: r.tracker_number, description: '' })
          .returning({ id: distributorParcels.id });
        await tx
          .insert(distributorParcelItems)
          .values(r.create!.map((p) => ({ parcel_id: parcel!.id, station_id: r.station!.id, psd_id: p.psd_id, surface_id: p.surface_id, amount: p.amount })));
        stations.push(r.station!.id);
        await writeAudit(tx, auth, {
          action: 'import_distributor_tracker',
          entity: 'distributor_parcels',
          entityId: parcel!.id,
          after: { promotion_id: promotionId, station_id: r.station!.id, tracker_number: r.tracker_number, pairs: r.create!.map((p) => p.psd_id) },
        });
        await queuePush(tx, [r.station!.id], { kind: 'parcel_sent', facts: { promotion: promotion.name, tracker: r.tracker_number }, link: `/user-promotions/${promotionId}?parcel=${parcel!.id}` });
      } else if (r.action === 'update') {
        await tx.update(distributorParcels).set({ tracker_number: r.tracker_number }).where(eq(distributorParcels.id, r.parcel_id!));
        await writeAudit(tx, auth, {
          action: 'import_tracker_number',
          entity: 'distributor_parcels',
          entityId: r.parcel_id!,
          before: { tracker_number: r.old_tracker },
          after: { tracker_number: r.tracker_number },
        });
      }
    }
    if (stations.length) {
      await recordEvent(tx, promotionId, 'distributor_parcel', auth.user.id);
      const status = await recomputeDeliveryStatus(tx, promotionId, auth.user.id, report);
      await notify(tx, stations, { kind: 'distributed', promotion_id: promotionId, promotion_name: promotion.name, link: '/user-promotions' });
      if (status === 4) {
        await notify(tx, [promotion.manager_id], { kind: 'distributed', promotion_id: promotionId, promotion_name: promotion.name, link: `/promotion-report-view?prom_id=${promotionId}` });
      }
    }
    return { ...result, applied: true };
  });
}
