import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { auditLog, distributorParcelItems, distributorParcels } from '../db/schema';
import { createTestApp, type TestApp } from './test-app';
import { buildPromotion, newStation, newSurface, sendToPrinters, setAmounts, userIdByEmail } from './print-flow-fixture';
import { postMultipart } from './multipart';

let t: TestApp;
let admin: string;
let cm: string;
let designer: string;
let printer: string;
let distributor: string;
let printerId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer, printer, distributor] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer'), t.login('printer'), t.login('distributor')]);
  printerId = await userIdByEmail(t, 'printer@demo.no');
});
afterAll(() => t.close());

/** Stations A, B (both due s1, printed) and C (not in the promotion: no categories); A already has parcel 'OLD-A'. */
async function flow() {
  const tag = `${Date.now()}${Math.random().toString(16).slice(2, 6)}`;
  const s1 = await newSurface(t, admin, { printerId });
  const mk = async (key: string, categories: 'Fuel'[]) => {
    const name = `Import ${key} ${tag}`;
    return { ...(await newStation(t, admin, { group: 'DO+', categories, name })), name };
  };
  const [a, b, c] = [await mk('A', ['Fuel']), await mk('B', ['Fuel']), await mk('C', [])];
  await setAmounts(t, [
    { stationId: a.id, surfaceId: s1, amount: 2 },
    { stationId: b.id, surfaceId: s1, amount: 3 },
  ]);
  const promotion = await buildPromotion(t, { manager: cm, designer }, { surfaces: [s1], designs: [{ surface: s1, category: 'Fuel' }], complete: true, hq: true });
  expect((await sendToPrinters(t, cm, promotion.id, 0)).statusCode).toBe(200);
  const pair = { surface_id: s1, design_id: promotion.pairs[0]!.psdId };
  expect((await t.form('POST', '/api/print-promotion-report/set-printed', { promotion_id: promotion.id, printer_tracker_number: 'P1', sent_surfaces: [pair], description: '' }, printer)).statusCode).toBe(200);
  const sent = await t.form('POST', '/api/promotion-distributor/set-distributor-tracker', { promotion_id: promotion.id, company_id: a.id, tracker_number: 'OLD-A', sent_surfaces: [pair], description: '' }, distributor);
  expect(sent.statusCode).toBe(200);
  return { promotion, a, b, c, pair };
}

const run = (promotionId: number, file: { filename: string; content: Buffer }, opts: { apply?: boolean; plan?: string; token?: string } = {}) =>
  postMultipart(t, `/api/promotion-distributor/import-trackers?promotion_id=${promotionId}&apply=${opts.apply ? 'true' : 'false'}&plan=${opts.plan ?? ''}`, [['file', file]], opts.token ?? distributor);
const csv = (text: string) => ({ filename: 'sporing.csv', content: Buffer.from(text, 'utf8') });
const parcelsOf = async (promotionId: number) =>
  t.database.db.select().from(distributorParcels).where(eq(distributorParcels.promotion_id, promotionId)).orderBy(distributorParcels.id);

describe('tracker import', () => {
  it('previews per row and refuses to apply a file with bad rows, naming them and storing nothing', async () => {
    const f = await flow();
    const file = csv(
      [
        'Stasjon;Sporingsnummer',
        `${f.a.id};NEW-A`, // row 2: update OLD-A -> NEW-A
        `${f.b.name.toUpperCase()};TRK-B`, // row 3: a new parcel for B, found by name
        'Finnes ikke;X1', // row 4: unknown station
        `${f.c.id};X2`, // row 5: not in this promotion
        `${f.b.id};TRK-B2`, // row 6: B a second time
        `${f.a.name};`, // row 7: empty tracker (and A twice)
        `${f.a.id};${'9'.repeat(201)}`, // row 8: too long
      ].join('\n'),
    );
    const before = await parcelsOf(f.promotion.id);
    const preview = await run(f.promotion.id, file);
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data;
    const byRow = Object.fromEntries(data.rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow[2]).toMatchObject({ station: { id: f.a.id }, action: 'update', old_tracker: 'OLD-A', tracker_number: 'NEW-A', errors: [] });
    expect(byRow[3]).toMatchObject({ station: { id: f.b.id }, action: 'create', old_tracker: null, pairs: 1, errors: [] });
    expect(byRow[4].errors).toEqual(['station_unknown']);
    expect(byRow[5].errors).toEqual(['station_not_in_promotion']);
    expect(byRow[6].errors).toEqual(['duplicate_station']);
    expect(byRow[7].errors).toEqual(['tracker_number_required', 'duplicate_station']);
    expect(byRow[8].errors).toEqual(['max_length', 'duplicate_station']);
    expect(data).toMatchObject({ errors: 5, creates: 1, updates: 1, applied: false });

    const applied = await run(f.promotion.id, file, { apply: true, plan: data.plan });
    expect(applied.statusCode).toBe(422);
    expect(applied.json()).toMatchObject({ message_key: 'tracker_import_errors', errors: { file: ['rows_have_errors'] } });
    expect(applied.json().data.rows.filter((r: { errors: string[] }) => r.errors.length).map((r: { row: number }) => r.row)).toEqual([4, 5, 6, 7, 8]);
    expect(await parcelsOf(f.promotion.id)).toEqual(before);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'distributor_parcels'), eq(auditLog.action, 'import_tracker_number')))).toEqual([]);
  });

  it('applies a good Excel file in one go: new parcels and changed tracker numbers, audited; a stale preview is refused', async () => {
    const f = await flow();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Ark1');
    sheet.addRow(['Tracker number', 'Station id']);
    sheet.addRow(['NEW-A', f.a.id]);
    sheet.addRow(['TRK-B', f.b.id]);
    const file = { filename: 'sporing.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) };
    const preview = (await run(f.promotion.id, file)).json().data;
    expect(preview).toMatchObject({ errors: 0, creates: 1, updates: 1 });

    expect((await run(f.promotion.id, file, { apply: true, plan: 'something-else' })).statusCode).toBe(409);
    for (const token of [admin, cm, printer]) expect((await run(f.promotion.id, file, { apply: true, plan: preview.plan, token })).statusCode).toBe(403);
    expect((await run(2_000_000_000, file, { apply: true, plan: preview.plan })).statusCode).toBe(404);
    expect(await parcelsOf(f.promotion.id)).toHaveLength(1);

    const applied = await run(f.promotion.id, file, { apply: true, plan: preview.plan });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ applied: true, creates: 1, updates: 1 });
    const parcels = await parcelsOf(f.promotion.id);
    expect(parcels.map((p) => [p.station_id, p.tracker_number])).toEqual([
      [f.a.id, 'NEW-A'],
      [f.b.id, 'TRK-B'],
    ]);
    const [item] = await t.database.db.select().from(distributorParcelItems).where(eq(distributorParcelItems.parcel_id, parcels[1]!.id));
    expect(item).toMatchObject({ psd_id: f.pair.design_id, amount: 3 });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'distributor_parcels'));
    expect(audit.find((r) => r.entity_id === parcels[0]!.id && r.action === 'import_tracker_number')).toMatchObject({ before: { tracker_number: 'OLD-A' }, after: { tracker_number: 'NEW-A' } });
    expect(audit.some((r) => r.entity_id === parcels[1]!.id && r.action === 'import_distributor_tracker')).toBe(true);
    // The same file again changes nothing.
    expect((await run(f.promotion.id, file)).json().data).toMatchObject({ creates: 0, updates: 0, unchanged: 2, errors: 0 });
  });

  it('refuses files it cannot read', async () => {
    const f = await flow();
    const refused = async (file: { filename: string; content: Buffer }) => (await run(f.promotion.id, file)).json().errors;
    expect(await refused({ filename: 'sporing.pdf', content: Buffer.from('%PDF') })).toEqual({ file: ['unsupported_file_type'] });
    expect(await refused({ filename: 'sporing.xlsx', content: Buffer.from('not a workbook') })).toEqual({ file: ['file_unreadable'] });
    expect(await refused(csv('Stasjon;Sporingsnummer\n'))).toEqual({ file: ['file_no_rows'] });
    expect((await t.form('POST', `/api/promotion-distributor/import-trackers?promotion_id=${f.promotion.id}`, { file: 'x' }, distributor)).statusCode).toBe(415);
  });
});
