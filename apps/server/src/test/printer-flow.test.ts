import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { printedParcelItems, printedParcels, promotions, systemSettings, users } from '../db/schema';
import { createTestApp, uniqueEmail, type TestApp } from './test-app';
import { buildPromotion, newStation, newSurface, reportView, sendHq, sendToPrinters, setAmounts, userIdByEmail } from './print-flow-fixture';

let t: TestApp;
let admin: string;
let cm: string;
let designer: string;
let printer: string;
let printerId: number;
/** A second printer of this file, with a surface of its own. */
let other: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  [admin, cm, designer, printer] = await Promise.all([t.login('admin'), t.login('cm'), t.login('designer'), t.login('printer')]);
  printerId = await userIdByEmail(t, 'printer@demo.no');
  const email = uniqueEmail('printer');
  const res = await t.form('POST', '/api/users', { email, password: 'Secret2026', name: 'Andre Trykkeri', role: 'printer', company_name: 'Andre Trykk AS' }, admin);
  expect(res.statusCode, res.body).toBe(201);
  other = { id: res.json().data.id, token: await t.loginAs(email, 'Secret2026') };
});
afterAll(() => t.close());

const setPrinted = (token: string, promotionId: number, pairs: { surface_id: number; design_id: number }[], tracker = 'CC100NO', description = 'På pall') =>
  t.form('POST', '/api/print-promotion-report/set-printed', { promotion_id: promotionId, printer_tracker_number: tracker, sent_surfaces: pairs, description }, token);
const getReport = (token: string, promotionId: number) => t.form('GET', '/api/print-promotion-report/get-report', { promotion_id: promotionId }, token);
const listFor = async (token: string, search: string) =>
  (await t.form('GET', '/api/print-promotion-report/get-promotions', { count_show: 100, start_index: 0, obj_search: { input_value: search } }, token)).json().data;
const promotionStatus = async (id: number) => (await t.database.db.select({ status: promotions.status }).from(promotions).where(eq(promotions.id, id)))[0]!.status;

/** A sent promotion: two surfaces of printer@demo.no (one design each) and optionally one of the other printer. */
async function sentPromotion(
  opts: { withOther?: boolean; hq?: boolean; name?: string; unplanned?: boolean; beforeSending?: (p: Awaited<ReturnType<typeof buildPromotion>>) => Promise<void> } = {},
) {
  const s1 = await newSurface(t, admin, { printerId, price: '10.00' });
  const s2 = await newSurface(t, admin, { printerId, price: '2.50' });
  const s3 = opts.withOther ? await newSurface(t, admin, { printerId: other.id }) : null;
  const station = await newStation(t, admin, { group: 'DO+', categories: ['Fuel', 'Food'] });
  const surfaceIds = [s1, s2, ...(s3 ? [s3] : [])];
  await setAmounts(t, surfaceIds.map((surfaceId, i) => ({ stationId: station.id, surfaceId, amount: 6 + i })));
  // A surface nobody plans: its design has a total of 0 and is never printed.
  const unplanned = opts.unplanned ? [await newSurface(t, admin, { printerId })] : [];
  const promotion = await buildPromotion(t, { manager: cm, designer }, {
    name: opts.name,
    surfaces: [...surfaceIds, ...unplanned],
    designs: [...surfaceIds, ...unplanned].map((surface) => ({ surface, category: 'Fuel' as const })),
    complete: true,
    hq: opts.hq ?? true,
  });
  // Sent, its HQ files are fixed (decision 011): the files a test needs go in before.
  await opts.beforeSending?.(promotion);
  const sent = await sendToPrinters(t, cm, promotion.id, 10, 'Husk matt papir');
  expect(sent.statusCode, sent.body).toBe(200);
  const pair = (i: number) => ({ surface_id: promotion.pairs[i]!.surfaceId, design_id: promotion.pairs[i]!.psdId });
  return { ...promotion, station, s1, s2, s3, pair };
}

describe('printer', () => {
  it('lists only promotions sent to the printers that hold one of its surfaces', async () => {
    const tag = `Printerliste ${Date.now()}`;
    const sent = await sentPromotion({ name: `${tag} sendt` });
    const surface = await newSurface(t, admin, { printerId });
    const notSent = await buildPromotion(t, { manager: cm }, { name: `${tag} ikke sendt`, surfaces: [surface], designs: [{ surface, category: 'Fuel' }] });
    const mine = await listFor(printer, tag);
    expect(mine.promotions.map((p: { id: number }) => p.id)).toEqual([sent.id]);
    expect(mine.total).toBe(1);
    expect(mine.config_promotion_status).toHaveLength(5);
    // The other printer has no surface in it.
    expect((await listFor(other.token, tag)).promotions).toEqual([]);
    expect((await getReport(other.token, sent.id)).statusCode).toBe(404);
    expect((await getReport(printer, notSent.id)).statusCode).toBe(404);
    for (const role of ['admin', 'cm', 'distributor', 'user'] as const) {
      expect((await t.form('GET', '/api/print-promotion-report/get-promotions', undefined, await t.login(role))).statusCode, role).toBe(403);
    }
  });

  it('reports its pairs with totals, HQ links, the distributor and the manager comment; downloads the current HQ file', async () => {
    // The first design's HQ image is replaced by an HQ document, the second's by a newer image (decision 030).
    let doc: Buffer = Buffer.alloc(0);
    let newest: Buffer = Buffer.alloc(0);
    const p = await sentPromotion({
      withOther: true,
      beforeSending: async (built) => {
        doc = await sendHq(t, designer, built.pairs[0]!.chatId, 'document');
        newest = await sendHq(t, designer, built.pairs[1]!.chatId, 'image');
      },
    });

    const res = await getReport(printer, p.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.print_report).toMatchObject({ description_cm: 'Husk matt papir', percent: 10 });
    const [settings] = await t.database.db.select().from(systemSettings).limit(1);
    const [distributor] = await t.database.db.select().from(users).where(eq(users.id, settings!.distributor_id!));
    expect(data.distributor).toMatchObject({ name: distributor!.company_name || distributor!.name, phone: distributor!.phone });
    // Only printer@demo.no's pairs, with the view's Total number (6 + ceil(0.6) = 7, 7 + 1 = 8).
    expect(data.rows.map((r: { design: { id: number } }) => r.design.id)).toEqual([p.pairs[0]!.psdId, p.pairs[1]!.psdId]);
    const view = (await reportView(t, cm, p.id)).json().data;
    for (const row of data.rows) expect(row.total).toBe(view.columns.find((c: { id: number }) => c.id === row.design.id).total);
    expect(data.rows.map((r: { total: number }) => r.total)).toEqual([7, 8]);
    const [first, second] = data.rows;
    expect(first.document.url).toContain(`design_id=${p.pairs[0]!.psdId}&kind=document`);
    expect(first.document.chat_id).toBe(p.pairs[0]!.chatId);
    expect(first.image).toBeNull();
    expect(second.image.url).toContain(`design_id=${p.pairs[1]!.psdId}&kind=image`);
    expect(second.document).toBeNull();
    expect(first.tracker_number).toBeNull();

    const download = async (url: string, token = printer) => t.app.inject({ method: 'GET', url, headers: { authorization: token } });
    const image = await download(second.image.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-disposition']).toContain('attachment');
    expect(Buffer.compare(image.rawPayload, newest)).toBe(0);
    const document = await download(first.document.url);
    expect(Buffer.compare(document.rawPayload, doc)).toBe(0);
    expect((await download(second.image.url, other.token)).statusCode).toBe(404);
    expect((await download(second.image.url.replace(`design_id=${p.pairs[1]!.psdId}`, `design_id=${p.pairs[2]!.psdId}`))).statusCode).toBe(404);
    // The replaced HQ image is no longer the printer's.
    expect((await download(first.document.url.replace('kind=document', 'kind=image'))).statusCode).toBe(404);
    expect((await download(second.image.url.replace('kind=image', 'kind=document'))).statusCode).toBe(404);
  });

  it('refuses pairs of another printer, pairs without a print file and pairs printed before', async () => {
    const p = await sentPromotion({
      withOther: true,
      hq: false,
      beforeSending: async (built) => {
        await sendHq(t, designer, built.pairs[0]!.chatId);
        await sendHq(t, designer, built.pairs[2]!.chatId);
      },
    });

    const foreign = await setPrinted(printer, p.id, [p.pair(0), p.pair(2)]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.sent_surfaces).toEqual(['not_your_surface']);
    const mismatched = await setPrinted(printer, p.id, [{ surface_id: p.s2, design_id: p.pairs[0]!.psdId }]);
    expect(mismatched.statusCode).toBe(422);
    const missing = await setPrinted(printer, p.id, [p.pair(1)]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.sent_surfaces).toEqual(['file_missing']);
    expect(await t.database.db.select().from(printedParcels).where(eq(printedParcels.promotion_id, p.id))).toHaveLength(0);
    expect((await setPrinted(printer, p.id, [])).statusCode).toBe(422);
    expect((await setPrinted(printer, p.id, [p.pair(0)], '  ')).json().errors).toHaveProperty('printer_tracker_number');

    const ok = await setPrinted(printer, p.id, [p.pair(0)], 'CC200NO', 'Første pall');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message_key).toBe('parcel_printed');
    const again = await setPrinted(printer, p.id, [p.pair(0)]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message_key).toBe('already_printed');
    // The other printer prints its own pair, but not printer@demo.no's.
    expect((await setPrinted(other.token, p.id, [p.pair(1)])).statusCode).toBe(422);
    expect((await setPrinted(other.token, p.id, [p.pair(2)])).statusCode).toBe(200);

    const report = (await getReport(printer, p.id)).json().data;
    expect(report.rows[0].tracker_number).toBe('CC200NO');
    expect(report.printed).toHaveLength(1); // its own parcels only
    expect(report.printed[0]).toMatchObject({ printer_tracker_number: 'CC200NO', description: 'Første pall', sent_surfaces: [{ surface: { id: p.s1 }, design: { id: p.pairs[0]!.psdId } }] });
  });

  it('accepts exactly one of two identical submissions sent at once', async () => {
    const p = await sentPromotion();
    const results = await Promise.all([setPrinted(printer, p.id, [p.pair(0)], 'CC301NO'), setPrinted(printer, p.id, [p.pair(0)], 'CC301NO')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const items = await t.database.db.select().from(printedParcelItems).where(eq(printedParcelItems.psd_id, p.pairs[0]!.psdId));
    expect(items).toHaveLength(1);
    expect(await t.database.db.select().from(printedParcels).where(eq(printedParcels.promotion_id, p.id))).toHaveLength(1);
  });

  it('moves the promotion to Printed by the printer when every pair with a total is printed', async () => {
    // The design nobody receives (total 0) is not waited for, and not in the printer's report.
    const p = await sentPromotion({ unplanned: true });
    expect((await getReport(printer, p.id)).json().data.rows).toHaveLength(2);
    expect((await setPrinted(printer, p.id, [p.pair(2)])).json().errors.sent_surfaces).toEqual(['not_your_surface']);
    const before = await promotionStatus(p.id);
    expect((await setPrinted(printer, p.id, [p.pair(0)], 'CC401NO')).statusCode).toBe(200);
    expect(await promotionStatus(p.id)).toBe(before);
    expect((await setPrinted(printer, p.id, [p.pair(1)], 'CC402NO')).statusCode).toBe(200);
    expect(await promotionStatus(p.id)).toBe(3);
    const page = (await t.form('GET', `/api/promotions/${p.id}`, undefined, admin)).json().data;
    expect(page.promotion.status).toBe(3);
    expect(page.history).toHaveProperty('printed');
    expect(page.history).toHaveProperty('status_Printed by the printer');
    // The distributor and the responsible manager hear about it.
    const distributor = await t.login('distributor');
    const notes = (await t.form('GET', '/api/notifications', undefined, distributor)).json().data.notifications;
    expect(notes.some((n: { promotion_id: number; kind: string }) => n.promotion_id === p.id && n.kind === 'printed')).toBe(true);
  });
});
