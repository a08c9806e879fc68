import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { getPromotion } from '../promotions/service';
import { loadReport } from './load';

/** How long a made file can be downloaded. */
export const EXPORT_TTL_MS = 10 * 60_000;

interface ExportMeta {
  userId: number;
  expires: number;
  fileName: string;
}

export const exportsDir = (dataDir: string) => path.join(dataDir, 'exports');

const day = (d: Date) => `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;

/** Column width in characters that fits the longest text, within limits. */
const fit = (texts: string[], min = 8, max = 40) => Math.min(max, Math.max(min, ...texts.map((t) => t.length + 2)));

/**
 * The report as .xlsx with exceljs's streaming writer: a header with the promotion and period,
 * one row per station that receives something, one column per surface-design with a total above
 * zero, and the Sum, Percent and Total number rows (prices too when `withPrices`).
 */
export async function writeReportXlsx(
  db: Db,
  file: string,
  opts: { promotionId: number; title?: string; percent?: number; address: boolean; categories: boolean; withPrices: boolean },
) {
  const promotion = await getPromotion(db, opts.promotionId);
  if (!promotion) throw notFound();
  const report = await loadReport(db, opts.promotionId, opts.percent);
  const columns = report.psds.filter((p) => report.totals.get(p.psd_id)!.sum > 0);
  const stations = report.stations.filter((s) => report.cells.get(s.id)?.size);
  const lead = ['Stasjon / Station', ...(opts.address ? ['Adresse / Address'] : []), ...(opts.categories ? ['Kategorier / Categories'] : [])];
  const p = promotion.promotion;

  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Rapport', { views: [{ state: 'frozen', xSplit: lead.length, ySplit: 4 }] });
  ws.columns = [
    { width: fit(stations.map((s) => s.name).concat(lead[0]!)) },
    ...(opts.address ? [{ width: fit(stations.map((s) => s.address), 12, 50) }] : []),
    ...(opts.categories ? [{ width: fit(stations.map((s) => s.categories.join(', ')), 12, 50) }] : []),
    ...columns.map((c) => ({ width: fit([`${c.surface_name} - ${c.design_name}`], 10, 30) })),
  ];
  const bold = { font: { bold: true } };
  const title = ws.addRow([opts.title || p.name]);
  title.font = { bold: true, size: 14 };
  title.commit();
  ws.addRow([`${day(new Date(p.period.from))} – ${day(new Date(p.period.to))}`]).commit();
  ws.addRow([`Prosent / Percent: ${report.percent} %`]).commit();
  const header = ws.addRow([...lead, ...columns.map((c) => `${c.surface_name} - ${c.design_name}`)]);
  header.font = bold.font;
  header.alignment = { wrapText: true, vertical: 'top' };
  header.commit();

  for (const s of stations) {
    const cells = report.cells.get(s.id)!;
    ws.addRow([s.name, ...(opts.address ? [s.address] : []), ...(opts.categories ? [s.categories.join(', ')] : []), ...columns.map((c) => cells.get(c.psd_id) ?? null)]).commit();
  }
  const blanks = lead.slice(1).map(() => null);
  const totalsRow = (label: string, pick: (t: NonNullable<ReturnType<typeof report.totals.get>>) => number, numFmt?: string) => {
    const row = ws.addRow([label, ...blanks, ...columns.map((c) => pick(report.totals.get(c.psd_id)!))]);
    row.font = bold.font;
    if (numFmt) columns.forEach((_, i) => (row.getCell(lead.length + i + 1).numFmt = numFmt));
    row.commit();
  };
  totalsRow('Sum', (t) => t.sum);
  totalsRow('Prosent / Percent', (t) => t.percent);
  totalsRow('Totalt antall / Total number', (t) => t.total);
  if (opts.withPrices) {
    totalsRow('Pris per enhet / Price per unit', (t) => t.price, '0.00');
    totalsRow('Total pris / Total price', (t) => t.total_price, '0.00');
  }
  ws.commit();
  await wb.commit();
  return { rows: stations.length, columns: columns.length, fileName: `${(opts.title || p.name).replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'rapport'}.xlsx` };
}

/** Makes the file under DATA_DIR/exports and returns a short-lived token only its maker can use. */
export async function makeExport(db: Db, dataDir: string, userId: number, opts: Parameters<typeof writeReportXlsx>[2]) {
  const dir = exportsDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true });
  await sweepExports(dir);
  const token = randomBytes(24).toString('base64url');
  const file = path.join(dir, `${token}.xlsx`);
  try {
    const made = await writeReportXlsx(db, file, opts);
    const meta: ExportMeta = { userId, expires: Date.now() + EXPORT_TTL_MS, fileName: made.fileName };
    await fs.promises.writeFile(path.join(dir, `${token}.json`), JSON.stringify(meta));
    return token;
  } catch (err) {
    await fs.promises.rm(file, { force: true });
    throw err;
  }
}

/** The file behind a token, for the user who made it, while it is fresh. */
export async function openExport(dataDir: string, token: string, userId: number) {
  const dir = exportsDir(dataDir);
  const meta = JSON.parse(await fs.promises.readFile(path.join(dir, `${token}.json`), 'utf8').catch(() => 'null')) as ExportMeta | null;
  if (!meta || meta.userId !== userId || meta.expires < Date.now()) throw notFound();
  const file = path.join(dir, `${token}.xlsx`);
  const { size } = await fs.promises.stat(file);
  return { stream: fs.createReadStream(file), size, fileName: meta.fileName };
}

async function sweepExports(dir: string) {
  const now = Date.now();
  for (const name of await fs.promises.readdir(dir)) {
    if (!name.endsWith('.json')) continue;
    const meta = JSON.parse(await fs.promises.readFile(path.join(dir, name), 'utf8').catch(() => 'null')) as ExportMeta | null;
    if (!meta || meta.expires < now) {
      const token = name.slice(0, -'.json'.length);
      await Promise.all([fs.promises.rm(path.join(dir, name), { force: true }), fs.promises.rm(path.join(dir, `${token}.xlsx`), { force: true })]);
    }
  }
}
