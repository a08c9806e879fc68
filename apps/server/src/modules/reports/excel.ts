import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { osloDay, type ReportTotalRow, type StationFollowUp } from '@promo/shared';
import type { Db } from '../../db/client';
import { promotions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { PRIVATE_FILE, privateFolder } from '../../lib/private-files';
import type { ColumnTotals } from './compute';
import { distributorParcelsOf, loadReport } from './load';
import { deliveredPairs } from './service';
import { deliveryFollowUp } from '../delivery/follow-up';
import { writeXlsx, type XlsxRow } from './xlsx-writer';

/** How long a made file can be downloaded. */
export const EXPORT_TTL_MS = 10 * 60_000;

interface ExportMeta {
  userId: number;
  expires: number;
  fileName: string;
}

export const exportsDir = (dataDir: string) => path.join(dataDir, 'exports');

/** A period's day ('YYYY-MM-DD', decision 012) as the stores read it: dd.mm.yyyy. No time zone moves it. */
const day = (d: string) => d.split('-').reverse().join('.');

/** The labels of the totals rows, in both languages of the product. */
const TOTAL_LABELS: Record<ReportTotalRow, string> = {
  sum: 'Sum',
  percent: 'Prosent / Percent',
  total: 'Totalt antall / Total number',
  price: 'Pris per enhet / Price per unit',
  total_price: 'Total pris / Total price',
};

/** The follow-up columns after the surfaces (decision 019), in both languages like the rest. */
const FOLLOW_UP_HEADERS = ['Sendt / Sent', 'Mottatt / Received at', 'Mottak / Receipt', 'Merknad / Note', 'Bilder / Photos', 'Plassert / Placed'];
const SENT_LABELS: Record<StationFollowUp['sent'], string> = { not_sent: 'Ikke sendt / Not sent', partly_sent: 'Delvis / Partly', sent: 'Sendt / Sent' };
const RECEIVED_LABELS: Record<StationFollowUp['received'], string> = {
  none: '–',
  pending: 'Ikke bekreftet / Not confirmed',
  problem: 'Problem / Problem',
  ok: 'Alt i orden / All good',
};

/** Column width in characters that fits the longest text, within limits. */
function fit(texts: Iterable<string>, min = 8, max = 40) {
  let longest = 0;
  for (const t of texts) if (t.length > longest) longest = t.length;
  return Math.min(max, Math.max(min, longest + 2));
}

/**
 * The report as .xlsx, streamed to `file`: a header with the promotion and period, one row per
 * station that receives something, one column per surface-design with a total above zero, and the
 * totals rows the caller's role sees (the same as in the web report). The first four rows and the
 * station columns are frozen.
 */
export async function writeReportXlsx(
  db: Db,
  file: string,
  opts: { promotionId: number; title?: string; percent?: number; address: boolean; categories: boolean; totalRows: ReportTotalRow[] },
) {
  const [p] = await db
    .select({ name: promotions.name, from: promotions.period_from, to: promotions.period_to })
    .from(promotions)
    .where(eq(promotions.id, opts.promotionId));
  if (!p) throw notFound();
  const report = await loadReport(db, opts.promotionId, opts.percent);
  const columns = report.psds.filter((c) => report.totals.get(c.psd_id)!.sum > 0);
  const stations = report.stations.filter((s) => report.cells.get(s.id)?.size);
  const lead = ['Stasjon / Station', ...(opts.address ? ['Adresse / Address'] : []), ...(opts.categories ? ['Kategorier / Categories'] : [])];
  const names = columns.map((c) => `${c.surface_name} - ${c.design_name}`);
  const categoriesOf = new Map(stations.map((s) => [s.id, s.categories.join(', ')]));
  // Sent → received → placed per station, after the surface columns (decision 019).
  const [delivered, parcels] = await Promise.all([deliveredPairs(db, opts.promotionId), distributorParcelsOf(db, opts.promotionId)]);
  const followUp = new Map((await deliveryFollowUp(db, opts.promotionId, report, delivered, parcels)).stations.map((f) => [f.station_id, f]));
  const followUpCells = (id: number): (string | number | null)[] => {
    const f = followUp.get(id);
    if (!f) return [null, null, null, null, null, null];
    const answered = f.parcels.filter((p) => p.receipt);
    const firstReceived = answered.map((p) => p.receipt!.received_at).sort()[0];
    return [
      SENT_LABELS[f.sent],
      firstReceived ? osloDay(new Date(firstReceived)).split('-').reverse().join('.') : null,
      RECEIVED_LABELS[f.received],
      answered.map((p) => p.receipt!.note).filter(Boolean).join(' | ') || null,
      f.photos.length,
      f.surfaces_delivered ? `${f.surfaces_placed} / ${f.surfaces_delivered}` : null,
    ];
  };

  function* rows(): Generator<XlsxRow> {
    yield { values: [opts.title || p!.name], style: 'title' };
    yield { values: [`${day(p!.from)} – ${day(p!.to)}`] };
    yield { values: [`Prosent / Percent: ${report.percent} %`] };
    yield { values: [...lead, ...names, ...FOLLOW_UP_HEADERS], style: 'header' };
    for (const s of stations) {
      const cells = report.cells.get(s.id)!;
      const values: (string | number | null)[] = [s.name];
      if (opts.address) values.push(s.address);
      if (opts.categories) values.push(categoriesOf.get(s.id)!);
      for (const c of columns) values.push(cells.get(c.psd_id) ?? null);
      values.push(...followUpCells(s.id));
      yield { values };
    }
    const blanks = lead.slice(1).map(() => null);
    const totals = (label: string, pick: (t: ColumnTotals) => number, decimals = false): XlsxRow => ({
      values: [label, ...blanks, ...columns.map((c) => pick(report.totals.get(c.psd_id)!))],
      style: 'bold',
      ...(decimals ? { numberStyle: 'boldDecimal' as const } : {}),
    });
    for (const key of opts.totalRows) yield totals(TOTAL_LABELS[key], (t) => t[key], key === 'price' || key === 'total_price');
  }

  await writeXlsx(file, {
    name: 'Rapport',
    frozen: { columns: lead.length, rows: 4 },
    widths: [
      fit([lead[0]!, ...stations.map((s) => s.name)]),
      ...(opts.address ? [fit(stations.map((s) => s.address), 12, 50)] : []),
      ...(opts.categories ? [fit(categoriesOf.values(), 12, 50)] : []),
      ...names.map((n) => fit([n], 10, 30)),
      ...FOLLOW_UP_HEADERS.map((h) => fit([h], 10, 30)),
    ],
    rows: rows(),
  });
  return { rows: stations.length, columns: columns.length, fileName: `${(opts.title || p.name).replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'rapport'}.xlsx` };
}

/** Makes the file under DATA_DIR/exports and returns a short-lived token only its maker can use. */
export async function makeExport(db: Db, dataDir: string, userId: number, opts: Parameters<typeof writeReportXlsx>[2]) {
  const dir = exportsDir(dataDir);
  await privateFolder(dir);
  await sweepExports(dir);
  const token = randomBytes(24).toString('base64url');
  const file = path.join(dir, `${token}.xlsx`);
  try {
    const made = await writeReportXlsx(db, file, opts);
    const meta: ExportMeta = { userId, expires: Date.now() + EXPORT_TTL_MS, fileName: made.fileName };
    // Written whole, then renamed: a sweep running meanwhile never reads half a file.
    const tmp = path.join(dir, `${token}.json.tmp`);
    await fs.promises.writeFile(tmp, JSON.stringify(meta), { mode: PRIVATE_FILE });
    await fs.promises.rename(tmp, path.join(dir, `${token}.json`));
    return token;
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    throw err;
  }
}

async function readMeta(file: string): Promise<ExportMeta | null> {
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8')) as ExportMeta;
  } catch {
    return null;
  }
}

/** The file behind a token, for the user who made it, while it is fresh. */
export async function openExport(dataDir: string, token: string, userId: number) {
  const dir = exportsDir(dataDir);
  const meta = await readMeta(path.join(dir, `${token}.json`));
  if (!meta || meta.userId !== userId || meta.expires < Date.now()) throw notFound();
  const file = path.join(dir, `${token}.xlsx`);
  // Opened before answering: a file swept meanwhile is a 404, not a broken download.
  const handle = await fs.promises.open(file, 'r').catch(() => null);
  if (!handle) throw notFound();
  const { size } = await handle.stat();
  return { stream: handle.createReadStream(), size, fileName: meta.fileName };
}

async function sweepExports(dir: string) {
  const now = Date.now();
  for (const name of await fs.promises.readdir(dir)) {
    const file = path.join(dir, name);
    if (name.endsWith('.json')) {
      const meta = await readMeta(file);
      if (meta && meta.expires >= now) continue;
      // Expired or unreadable: removed with its workbook.
      const token = name.slice(0, -'.json'.length);
      await Promise.all([fs.promises.rm(file, { force: true }), fs.promises.rm(path.join(dir, `${token}.xlsx`), { force: true })]);
    } else {
      // A workbook whose metadata never got written (the process stopped), or a left-over temporary file.
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < now - 2 * EXPORT_TTL_MS) await fs.promises.rm(file, { force: true });
    }
  }
}
